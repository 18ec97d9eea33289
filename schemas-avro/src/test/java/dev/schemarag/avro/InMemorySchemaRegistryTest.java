package dev.schemarag.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

class InMemorySchemaRegistryTest {
    private static final Schema QUESTION = QuestionAsked.getClassSchema();
    private final InMemorySchemaRegistry registry = new InMemorySchemaRegistry();

    @Test
    void aSchemaHasOneIdAcrossSubjectsAndRegisteringItAgainAddsNoVersion() {
        int id = registry.register("questions-value", QUESTION);
        int failureId = registry.register("dlq-value", FailureRecord.getClassSchema());

        assertThat(registry.register("replay-value", QUESTION)).isEqualTo(id);
        assertThat(registry.register("questions-value", QUESTION)).isEqualTo(id);
        assertThat(failureId).isNotEqualTo(id);
        assertThat(registry.getById(id)).isEqualTo(QUESTION);
        assertThat(registry.latest("questions-value")).isEqualTo(new SchemaVersion("questions-value", 1, id, QUESTION));
        assertThat(registry.subjects()).containsExactly("dlq-value", "questions-value", "replay-value");
    }

    @Test
    void aCompatibleSchemaBecomesTheNextVersion() {
        Schema withoutEvidence = without(QUESTION, "evidence");
        registry.register("questions-value", withoutEvidence);

        assertThat(registry.isCompatible("questions-value", QUESTION)).isTrue();
        int id = registry.register("questions-value", QUESTION);

        assertThat(registry.latest("questions-value").version()).isEqualTo(2);
        assertThat(registry.latest("questions-value").id()).isEqualTo(id);
    }

    @Test
    void aSchemaThatCannotReadTheLatestVersionIsRefusedAndLeavesTheSubjectAsItWas() {
        registry.register("questions-value", without(QUESTION, "question"));

        assertThat(registry.isCompatible("questions-value", QUESTION)).isFalse();
        assertThatThrownBy(() -> registry.register("questions-value", QUESTION))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(SchemaRegistryException.INCOMPATIBLE_SCHEMA));
        assertThat(registry.latest("questions-value").version()).isEqualTo(1);
    }

    @Test
    void unknownIdsAndSubjectsAreTheRegistrysNotFoundErrors() {
        assertThatThrownBy(() -> registry.getById(1))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(SchemaRegistryException.SCHEMA_NOT_FOUND));
        assertThatThrownBy(() -> registry.latest("nobody-value"))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(SchemaRegistryException.SUBJECT_NOT_FOUND));
        assertThat(registry.subjects()).isEmpty();
    }

    private static Schema without(Schema schema, String dropped) {
        return Schema.createRecord(
                schema.getName(),
                schema.getDoc(),
                schema.getNamespace(),
                false,
                schema.getFields().stream()
                        .filter(f -> !f.name().equals(dropped))
                        .map(f -> new Schema.Field(f, f.schema()))
                        .toList());
    }
}
