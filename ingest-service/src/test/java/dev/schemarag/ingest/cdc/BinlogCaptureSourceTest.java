package dev.schemarag.ingest.cdc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.ingest.changes.DdlEvent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.Test;

/**
 * Schema change events as Debezium 3.5.0's MariaDB connector delivered them from MariaDB 10.11 (recorded, their table
 * structures left out), read without a server.
 */
class BinlogCaptureSourceTest {
    private static final Schema SOURCE = SchemaBuilder.struct()
            .field("version", Schema.STRING_SCHEMA)
            .field("connector", Schema.STRING_SCHEMA)
            .field("name", Schema.STRING_SCHEMA)
            .field("ts_ms", Schema.INT64_SCHEMA)
            .field("snapshot", Schema.OPTIONAL_STRING_SCHEMA)
            .field("db", Schema.STRING_SCHEMA)
            .field("table", Schema.OPTIONAL_STRING_SCHEMA)
            .field("server_id", Schema.INT64_SCHEMA)
            .field("gtid", Schema.OPTIONAL_STRING_SCHEMA)
            .field("file", Schema.STRING_SCHEMA)
            .field("pos", Schema.INT64_SCHEMA)
            .field("row", Schema.INT32_SCHEMA)
            .build();
    private static final Schema TABLE_CHANGE = SchemaBuilder.struct()
            .field("type", Schema.STRING_SCHEMA)
            .field("id", Schema.STRING_SCHEMA)
            .build();
    private static final Schema VALUE = SchemaBuilder.struct()
            .field("source", SOURCE)
            .field("ts_ms", Schema.INT64_SCHEMA)
            .field("databaseName", Schema.OPTIONAL_STRING_SCHEMA)
            .field("ddl", Schema.OPTIONAL_STRING_SCHEMA)
            .field("tableChanges", SchemaBuilder.array(TABLE_CHANGE).build())
            .build();
    private static final Set<String> CAPTURED = Set.of("probe");

    private static SourceRecord record(String snapshot, String gtid, long pos, String ddl, String... typeAndIds) {
        Struct source = new Struct(SOURCE)
                .put("version", "3.5.0.Final")
                .put("connector", "mariadb")
                .put("name", "probe")
                .put("ts_ms", 1_795_821_211_000L)
                .put("snapshot", snapshot)
                .put("db", "probe")
                .put("server_id", 1L)
                .put("gtid", gtid)
                .put("file", "binlog.000002")
                .put("pos", pos)
                .put("row", 0);
        List<Struct> changes = new java.util.ArrayList<>();
        for (int i = 0; i < typeAndIds.length; i += 2)
            changes.add(new Struct(TABLE_CHANGE).put("type", typeAndIds[i]).put("id", typeAndIds[i + 1]));
        Struct value = new Struct(VALUE)
                .put("source", source)
                .put("ts_ms", 1_795_821_211_514L)
                .put("databaseName", "probe")
                .put("ddl", ddl)
                .put("tableChanges", changes);
        Schema key = SchemaBuilder.struct()
                .field("databaseName", Schema.STRING_SCHEMA)
                .build();
        return new SourceRecord(
                Map.of(), Map.of(), "schemarag_probe", key, new Struct(key).put("databaseName", "probe"), VALUE, value);
    }

    @Test
    void aStreamedCommentChangeIsAnAlterationAtItsGtid() {
        List<DdlEvent> events = BinlogCaptureSource.toDdlEvents(
                record(null, "0-1-38", 2159, "ALTER TABLE t0 COMMENT 'second'", "ALTER", "\"probe\".\"t0\""), CAPTURED);

        assertThat(events)
                .containsExactly(new DdlEvent(
                        2159, "ALTER TABLE", "table", "probe", "t0", null, null, null, "0-1-38", 1_795_821_211_000L));
    }

    @Test
    void aRenameNamesTheTableBeforeIt() {
        List<DdlEvent> events = BinlogCaptureSource.toDdlEvents(
                record(null, "0-1-41", 2670, "RENAME TABLE t0 TO t1", "ALTER", "\"probe\".\"t1\""), CAPTURED);

        assertThat(events).singleElement().satisfies(e -> {
            assertThat(e.table()).isEqualTo("t1");
            assertThat(e.previousTable()).isEqualTo("probe.t0");
        });
    }

    @Test
    void theStructureSnapshotOfTheFirstStartIsNotPublished() {
        assertThat(BinlogCaptureSource.toDdlEvents(
                        record("true", null, 4772, "DROP TABLE IF EXISTS `probe`.`t0`", "DROP", "\"probe\".\"t0\""),
                        CAPTURED))
                .isEmpty();
        assertThat(BinlogCaptureSource.toDdlEvents(
                        record("last", null, 4772, "CREATE TABLE `t0` (id int)", "CREATE", "\"probe\".\"t0\""),
                        CAPTURED))
                .isEmpty();
    }

    @Test
    void withoutAGtidThePositionIsTheFileAndOffset() {
        assertThat(BinlogCaptureSource.toDdlEvents(
                                record("false", null, 3384, "DROP TABLE `probe`.`t2`", "DROP", "\"probe\".\"t2\""),
                                CAPTURED)
                        .get(0)
                        .sourcePosition())
                .isEqualTo("binlog.000002:3384");
    }

    @Test
    void tablesOfOtherDatabasesAndStatementsWithoutTablesAreNoEvents() {
        assertThat(BinlogCaptureSource.toDdlEvents(
                        record(null, "0-1-50", 4000, "CREATE TABLE other.t (x int)", "CREATE", "\"other\".\"t\""),
                        CAPTURED))
                .isEmpty();
        assertThat(BinlogCaptureSource.toDdlEvents(record(null, "0-1-51", 4100, "CREATE DATABASE `probe2`"), CAPTURED))
                .isEmpty();
    }

    @Test
    void heartbeatsAndTombstonesAreNoEvents() {
        Schema heartbeat =
                SchemaBuilder.struct().field("ts_ms", Schema.INT64_SCHEMA).build();
        assertThat(BinlogCaptureSource.toDdlEvents(
                        new SourceRecord(
                                Map.of(),
                                Map.of(),
                                "__debezium-heartbeat",
                                heartbeat,
                                new Struct(heartbeat).put("ts_ms", 1L)),
                        CAPTURED))
                .isEmpty();
        assertThat(BinlogCaptureSource.toDdlEvents(new SourceRecord(Map.of(), Map.of(), "t", null, null), CAPTURED))
                .isEmpty();
    }

    @Test
    void mariaDbIsReadByItsOwnConnectorOnlyTheRegisteredDatabasesDdl() {
        Properties p = new BinlogCaptureSource(
                        config(),
                        SqlDialect.MARIADB,
                        List.of("erp.maria"),
                        "schemarag.cdc-history.erp",
                        Map.of("bootstrap.servers", "127.0.0.1:9092", "security.protocol", "SSL"))
                .connectorProperties();

        assertThat(p.getProperty("connector.class")).isEqualTo("io.debezium.connector.mariadb.MariaDbConnector");
        assertThat("erp.maria").matches(p.getProperty("database.include.list"));
        assertThat("erpxmaria").doesNotMatch(p.getProperty("database.include.list"));
        assertThat(p.getProperty("skipped.operations")).isEqualTo("c,u,d,t");
        assertThat(p.getProperty("include.schema.changes")).isEqualTo("true");
        assertThat(p.getProperty("schema.history.internal.kafka.topic")).isEqualTo("schemarag.cdc-history.erp");
        assertThat(p.getProperty("schema.history.internal.consumer.security.protocol"))
                .isEqualTo("SSL");
        assertThat(p.getProperty("database.server.id"))
                .isEqualTo(Integer.toString(BinlogCaptureSource.serverId("erp")));
        // An idle server sends a replica heartbeat every 8 s, so the 10 s heartbeat records follow a DDL soon.
        assertThat(p.getProperty("connect.keep.alive.interval.ms")).isEqualTo("10000");
    }

    @Test
    void mySqlIsReadByMySqlsConnectorAndANameWithACommaIsRefused() {
        assertThat(new BinlogCaptureSource(config(), SqlDialect.MYSQL, List.of("erp"), "h", Map.of())
                        .connectorProperties()
                        .getProperty("connector.class"))
                .isEqualTo("io.debezium.connector.mysql.MySqlConnector");
        assertThatThrownBy(() -> new BinlogCaptureSource(config(), SqlDialect.MYSQL, List.of("a,b"), "h", Map.of())
                        .connectorProperties())
                .hasMessageContaining("comma");
    }

    @Test
    void theHistoryTopicIsUnderThePrefixWithTheIdMadeATopicName() {
        assertThat(BinlogCaptureSource.historyTopic("schemarag.", "erp maria/1"))
                .isEqualTo("schemarag.cdc-history.erp_maria_1");
    }

    @Test
    void serverIdsAreStableAndApartFromTheUsualOnes() {
        assertThat(BinlogCaptureSource.serverId("erp_maria"))
                .isEqualTo(BinlogCaptureSource.serverId("erp_maria"))
                .isGreaterThanOrEqualTo(BinlogCaptureSource.SERVER_ID_BASE)
                .isNotEqualTo(BinlogCaptureSource.serverId("erp_mysql"));
    }

    private static DebeziumDdlCapture.Config config() {
        return new DebeziumDdlCapture.Config(
                "erp",
                "127.0.0.1",
                53306,
                "erp",
                "schemarag_cdc",
                "secret",
                Path.of("offsets.dat"),
                10,
                Duration.ofSeconds(10),
                Duration.ofSeconds(30));
    }
}
