package dev.schemarag.core.annotations;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AnnotationsTest {
    private static final TableName EMPLOYEES = new TableName("public", "employees");
    private static final TableName HR_EMPLOYEES = new TableName("hr", "employees");

    @Test
    void shortTableKeyAppliesToTheTableInAnySchema() {
        Annotations annotations = new Annotations(Map.of("employees", "HR"), Map.of(), Map.of());

        assertThat(annotations.module(EMPLOYEES)).contains("HR");
        assertThat(annotations.module(HR_EMPLOYEES)).contains("HR");
    }

    @Test
    void qualifiedTableKeyWinsOverShortKey() {
        Annotations annotations = new Annotations(
                Map.of(),
                Map.of("employees", List.of("staff"), "hr.employees", List.of("workforce")),
                Map.of("employees", "Everyone.", "hr.employees", "HR's view of everyone."));

        assertThat(annotations.synonyms(HR_EMPLOYEES)).containsExactly("workforce");
        assertThat(annotations.synonyms(EMPLOYEES)).containsExactly("staff");
        assertThat(annotations.description(HR_EMPLOYEES)).contains("HR's view of everyone.");
    }

    @Test
    void columnKeysMatchByTableAndColumnOrBySchemaTableAndColumn() {
        Annotations annotations = new Annotations(
                Map.of(),
                Map.of(
                        "employees.first_name",
                        List.of("given name"),
                        "hr.employees.last_name",
                        List.of("surname", "family name")),
                Map.of("employees.hire_date", "First working day."));

        assertThat(annotations.synonyms(EMPLOYEES, "first_name")).containsExactly("given name");
        assertThat(annotations.synonyms(HR_EMPLOYEES, "last_name")).containsExactly("surname", "family name");
        assertThat(annotations.synonyms(EMPLOYEES, "last_name")).isEmpty();
        assertThat(annotations.description(EMPLOYEES, "hire_date")).contains("First working day.");
    }

    @Test
    void keysMatchCaseInsensitively() {
        Annotations annotations = new Annotations(Map.of("Employees", "HR"), Map.of(), Map.of());

        assertThat(annotations.module(EMPLOYEES)).contains("HR");
    }

    @Test
    void aColumnKeyIsNotATableKey() {
        Annotations annotations =
                new Annotations(Map.of(), Map.of("employees.first_name", List.of("given name")), Map.of());

        assertThat(annotations.synonyms(EMPLOYEES)).isEmpty();
    }

    @Test
    void emptyAnnotationsAnswerNothing() {
        Annotations empty = Annotations.empty();

        assertThat(empty.module(EMPLOYEES)).isEmpty();
        assertThat(empty.synonyms(EMPLOYEES)).isEmpty();
        assertThat(empty.synonyms(EMPLOYEES, "first_name")).isEmpty();
        assertThat(empty.description(EMPLOYEES)).isEmpty();
        assertThat(empty.description(EMPLOYEES, "first_name")).isEmpty();
    }
}
