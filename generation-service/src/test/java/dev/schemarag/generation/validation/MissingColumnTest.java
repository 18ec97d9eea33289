package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class MissingColumnTest {

    @Test
    void givenQualifiedReference_whenParsed_thenQualifierAndName() {
        assertThat(MissingColumn.fromPostgresMessage("ERROR: column e.frist_name does not exist\n  Position: 8"))
                .contains(new MissingColumn(Optional.of("e"), "frist_name"));
    }

    @Test
    void givenQuotedReference_whenParsed_thenNameWithoutQualifier() {
        assertThat(MissingColumn.fromPostgresMessage("column \"frist_name\" does not exist"))
                .contains(new MissingColumn(Optional.empty(), "frist_name"));
    }

    @Test
    void givenQuotedNameWithSpaces_whenParsed_thenWholeName() {
        assertThat(MissingColumn.fromPostgresMessage("column \"free meal count\" does not exist"))
                .contains(new MissingColumn(Optional.empty(), "free meal count"));
    }

    @Test
    void givenColumnOfRelation_whenParsed_thenRelationIsTheQualifier() {
        assertThat(MissingColumn.fromPostgresMessage("column \"nme\" of relation \"employee\" does not exist"))
                .contains(new MissingColumn(Optional.of("employee"), "nme"));
    }

    @Test
    void givenOtherError_whenParsed_thenEmpty() {
        assertThat(MissingColumn.fromPostgresMessage("relation \"employe\" does not exist"))
                .isEmpty();
    }
}
