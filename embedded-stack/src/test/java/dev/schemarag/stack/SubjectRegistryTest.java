package dev.schemarag.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

class SubjectRegistryTest {
    private static final Schema ORDER_V1 = SubjectRegistry.parse("""
            {"type":"record","name":"Order","fields":[{"name":"id","type":"string"}]}""");
    private static final Schema ORDER_WITH_DEFAULT = SubjectRegistry.parse("""
            {"type":"record","name":"Order","fields":[{"name":"id","type":"string"},
             {"name":"note","type":["null","string"],"default":null}]}""");
    private static final Schema ORDER_WITH_REQUIRED = SubjectRegistry.parse("""
            {"type":"record","name":"Order","fields":[{"name":"id","type":"string"},
             {"name":"priority","type":"int"}]}""");

    private final SubjectRegistry registry = new SubjectRegistry();

    private RegisteredSchema register(String subject, Schema schema) {
        RegisteredSchema registered = registry.prepare(subject, schema);
        registry.apply(registered);
        return registered;
    }

    @Test
    void theFirstSchemaOfASubjectIsVersionOneWithIdOne() {
        assertThat(register("orders-value", ORDER_V1)).isEqualTo(new RegisteredSchema("orders-value", 1, 1, ORDER_V1));
    }

    @Test
    void registeringTheSameSchemaAgainReturnsTheExistingVersion() {
        RegisteredSchema first = register("orders-value", ORDER_V1);

        RegisteredSchema again = registry.prepare("orders-value", ORDER_V1);

        assertThat(again).isEqualTo(first);
        assertThat(registry.contains(again)).isTrue();
    }

    @Test
    void aCompatibleChangeBecomesTheNextVersionWithTheNextId() {
        register("orders-value", ORDER_V1);

        RegisteredSchema second = register("orders-value", ORDER_WITH_DEFAULT);

        assertThat(second.version()).isEqualTo(2);
        assertThat(second.id()).isEqualTo(2);
        assertThat(registry.versions("orders-value")).containsExactly(1, 2);
        assertThat(registry.latest("orders-value")).isEqualTo(second);
    }

    @Test
    void anAddedFieldWithoutDefaultIsRejectedAsIncompatibleNamingTheField() {
        register("orders-value", ORDER_V1);

        assertThatThrownBy(() -> registry.prepare("orders-value", ORDER_WITH_REQUIRED))
                .isInstanceOfSatisfying(RegistryError.class, e -> {
                    assertThat(e.status()).isEqualTo(409);
                    assertThat(e.errorCode()).isEqualTo(409);
                    assertThat(e.getMessage())
                            .contains("incompatible with version 1 (id 1) of subject 'orders-value'")
                            .contains("BACKWARD")
                            .contains("READER_FIELD_MISSING_DEFAULT_VALUE")
                            .contains("priority");
                });
    }

    @Test
    void idsIncreaseAcrossSubjects() {
        register("orders-value", ORDER_V1);

        RegisteredSchema other = register("customers-value", SubjectRegistry.parse("""
                {"type":"record","name":"Customer","fields":[{"name":"name","type":"string"}]}"""));

        assertThat(other.id()).isEqualTo(2);
    }

    @Test
    void theSameSchemaUnderAnotherSubjectKeepsItsId() {
        register("orders-value", ORDER_V1);
        register("orders-value", ORDER_WITH_DEFAULT);

        RegisteredSchema copy = register("archive-value", ORDER_V1);

        assertThat(copy.id()).isEqualTo(1);
        assertThat(copy.version()).isEqualTo(1);
    }

    @Test
    void replayingAStoredRegistrationIsIdempotent() {
        RegisteredSchema stored = new RegisteredSchema("orders-value", 1, 7, ORDER_V1);

        registry.apply(stored);
        registry.apply(stored);

        assertThat(registry.versions("orders-value")).containsExactly(1);
        assertThat(registry.prepare("orders-value", ORDER_WITH_DEFAULT).id()).isEqualTo(8);
    }

    @Test
    void compatibilityIsCheckedAgainstTheNamedVersion() {
        register("orders-value", ORDER_V1);

        assertThat(registry.isCompatible("orders-value", "latest", ORDER_WITH_DEFAULT))
                .isTrue();
        assertThat(registry.isCompatible("orders-value", "1", ORDER_WITH_REQUIRED))
                .isFalse();
    }

    @Test
    void invalidAvroIsRejectedWith42201() {
        assertThatThrownBy(() -> SubjectRegistry.parse("{\"type\":\"record\",\"name\":\"X\"}"))
                .isInstanceOfSatisfying(RegistryError.class, e -> {
                    assertThat(e.status()).isEqualTo(422);
                    assertThat(e.errorCode()).isEqualTo(42201);
                    assertThat(e.getMessage()).startsWith("Invalid schema: ");
                });
    }

    @Test
    void unknownSubjectVersionAndIdGiveTheirErrorCodes() {
        register("orders-value", ORDER_V1);

        assertThatThrownBy(() -> registry.latest("nope")).hasFieldOrPropertyWithValue("errorCode", 40401);
        assertThatThrownBy(() -> registry.version("orders-value", "9")).hasFieldOrPropertyWithValue("errorCode", 40402);
        assertThatThrownBy(() -> registry.version("orders-value", "x")).hasFieldOrPropertyWithValue("errorCode", 40402);
        assertThatThrownBy(() -> registry.schemaById(42)).hasFieldOrPropertyWithValue("errorCode", 40403);
    }

    @Test
    void subjectsAreListedInNameOrder() {
        register("orders-value", ORDER_V1);
        register("archive-value", ORDER_V1);

        assertThat(registry.subjects()).containsExactly("archive-value", "orders-value");
    }
}
