package dev.schemarag.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

class SchemaLogRecordsTest {
    private static final Schema SCHEMA = SubjectRegistry.parse("""
            {"type":"record","name":"Order","fields":[{"name":"id","type":"string"}]}""");
    private static final RegisteredSchema REGISTERED = new RegisteredSchema("orders-value", 2, 5, SCHEMA);

    @Test
    void theKeyIsSubjectAndVersionSoCompactionKeepsOneRecordPerVersion() {
        assertThat(SchemaLogRecords.key(REGISTERED)).isEqualTo("{\"subject\":\"orders-value\",\"version\":2}");
    }

    @Test
    void aValueRoundTrips() {
        assertThat(SchemaLogRecords.parse(SchemaLogRecords.value(REGISTERED))).isEqualTo(REGISTERED);
    }

    @Test
    void aValueWithoutIdIsRejectedNamingTheField() {
        assertThatThrownBy(
                        () -> SchemaLogRecords.parse("{\"subject\":\"s\",\"version\":1,\"schema\":\"\\\"string\\\"\"}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("missing field 'id'");
    }

    @Test
    void aValueThatIsNotJsonIsRejected() {
        assertThatThrownBy(() -> SchemaLogRecords.parse("not json"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("not JSON");
    }
}
