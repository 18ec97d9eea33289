package dev.schemarag.ingest.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.ingest.changes.DdlEvent;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.Test;

/** The Debezium envelope of a {@code schemarag_cdc.ddl_events} row, as pgoutput delivers it, read without a database. */
class PostgresCaptureSourceTest {
    private static final Schema ROW = SchemaBuilder.struct()
            .optional()
            .field("id", Schema.INT64_SCHEMA)
            .field("command_tag", Schema.STRING_SCHEMA)
            .field("object_type", Schema.OPTIONAL_STRING_SCHEMA)
            .field("schema_name", Schema.OPTIONAL_STRING_SCHEMA)
            .field("table_name", Schema.OPTIONAL_STRING_SCHEMA)
            .field("column_name", Schema.OPTIONAL_STRING_SCHEMA)
            .field("previous_table", Schema.OPTIONAL_STRING_SCHEMA)
            .field("comment_text", Schema.OPTIONAL_STRING_SCHEMA)
            .build();
    private static final Schema SOURCE = SchemaBuilder.struct()
            .field("lsn", Schema.OPTIONAL_INT64_SCHEMA)
            .field("ts_ms", Schema.INT64_SCHEMA)
            .build();
    private static final Schema ENVELOPE = SchemaBuilder.struct()
            .field("before", ROW)
            .field("after", ROW)
            .field("source", SOURCE)
            .field("op", Schema.STRING_SCHEMA)
            .build();

    private static Struct row(
            String tag, String objectType, String table, String column, String previous, String comment) {
        return new Struct(ROW)
                .put("id", 42L)
                .put("command_tag", tag)
                .put("object_type", objectType)
                .put("schema_name", "public")
                .put("table_name", table)
                .put("column_name", column)
                .put("previous_table", previous)
                .put("comment_text", comment);
    }

    private static SourceRecord record(String op, Struct after, Long lsn) {
        return record("schemarag_erp.schemarag_cdc.ddl_events", op, after, lsn);
    }

    private static SourceRecord record(String topic, String op, Struct after, Long lsn) {
        Struct value = new Struct(ENVELOPE)
                .put("after", after)
                .put("op", op)
                .put("source", new Struct(SOURCE).put("lsn", lsn).put("ts_ms", 1_700_000_000_000L));
        return new SourceRecord(Map.of(), Map.of(), topic, ENVELOPE, value);
    }

    @Test
    void anInsertedDdlRowBecomesADdlEventWithItsLogPosition() {
        DdlEvent event = PostgresCaptureSource.toDdlEvent(record(
                "c",
                row("COMMENT", "table column", "employees", "full_name", null, "Given and family name"),
                23_456_789L));

        assertThat(event)
                .isEqualTo(new DdlEvent(
                        42,
                        "COMMENT",
                        "table column",
                        "public",
                        "employees",
                        "full_name",
                        null,
                        "Given and family name",
                        "23456789",
                        1_700_000_000_000L));
    }

    @Test
    void aRenameCarriesThePreviousName() {
        DdlEvent event = PostgresCaptureSource.toDdlEvent(
                record("c", row("ALTER TABLE", "table", "staff", null, "public.employees", null), 1L));

        assertThat(event.table()).isEqualTo("staff");
        assertThat(event.previousTable()).isEqualTo("public.employees");
    }

    @Test
    void aMissingLogPositionIsEmptyNotNull() {
        assertThat(PostgresCaptureSource.toDdlEvent(
                                record("c", row("CREATE TABLE", "table", "t", null, null, null), null))
                        .sourcePosition())
                .isEmpty();
    }

    @Test
    void updatesDeletesAndSnapshotReadsAreIgnored() {
        Struct after = row("CREATE TABLE", "table", "t", null, null, null);
        assertThat(PostgresCaptureSource.toDdlEvent(record("u", after, 1L))).isNull();
        assertThat(PostgresCaptureSource.toDdlEvent(record("r", after, 1L))).isNull();
        assertThat(PostgresCaptureSource.toDdlEvent(record("d", null, 1L))).isNull();
    }

    @Test
    void anInsertIntoTheHeartbeatTableIsNoDdl() {
        assertThat(PostgresCaptureSource.toDdlEvent(record(
                        "schemarag_erp.schemarag_cdc.heartbeat",
                        "c",
                        row("CREATE TABLE", "table", "t", null, null, null),
                        1L)))
                .isNull();
    }

    @Test
    void heartbeatsAndTombstonesAreIgnored() {
        Schema heartbeat =
                SchemaBuilder.struct().field("ts_ms", Schema.INT64_SCHEMA).build();
        assertThat(PostgresCaptureSource.toDdlEvent(new SourceRecord(
                        Map.of(), Map.of(), "__debezium-heartbeat", heartbeat, new Struct(heartbeat).put("ts_ms", 1L))))
                .isNull();
        assertThat(PostgresCaptureSource.toDdlEvent(new SourceRecord(Map.of(), Map.of(), "t", null, null)))
                .isNull();
    }
}
