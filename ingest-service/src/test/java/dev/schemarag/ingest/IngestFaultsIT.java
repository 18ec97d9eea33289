package dev.schemarag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.cdc.CaptureStatus;
import dev.schemarag.ingest.cdc.DebeziumDdlCapture;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.stack.EmbeddedKafka;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import dev.schemarag.testkit.TestStackConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ingest under faults, on a Kafka broker of its own (so stopping it disturbs no other test) beside the shared
 * PostgreSQL and schema registry: change capture outlives a broker outage, and its heartbeat keeps the replication
 * slot from retaining WAL while no DDL happens.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class IngestFaultsIT {
    private static final String DB = "ingest_faults_it";
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final Duration HEARTBEAT = Duration.ofMillis(500);

    private static EmbeddedStack stack;
    private static EmbeddedKafka kafka;
    private static Database store;
    private static Database target;
    private static IngestService ingest;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        stack = SharedTestStack.get();
        int[] ports = TestStackConfig.freePorts(2);
        kafka = new EmbeddedKafka(dir.resolve("kafka"), ports[0], ports[1]);
        kafka.start();
        stack.postgres().createDatabaseIfMissing(DB);
        String user = stack.postgres().user();
        String password = stack.postgres().password();
        store = new Database(stack.postgres().jdbcUrl("schemarag"), user, password);
        store.migrateStore();
        target = new Database(stack.postgres().jdbcUrl(DB), user, password);
        sql(
                "CREATE TABLE projects (project_id bigint PRIMARY KEY, name text NOT NULL)",
                "CREATE TABLE wal_filler (id bigint, payload text)");
        RegisteredDatabase registered = new RegisteredDatabase(
                DB, stack.postgres().jdbcUrl(DB), new Credentials(user, password), null, List.of("public"), null, null);
        ingest = new IngestService(
                IngestService.Config.of(
                                kafka.bootstrapServers(),
                                KafkaClientSecurity.none(),
                                dir.resolve("state"),
                                "schemarag_cdc",
                                "cdc-secret",
                                10)
                        .withRecovery(new IngestService.Recovery(
                                Duration.ofSeconds(5), Duration.ofSeconds(2), HEARTBEAT, Duration.ofSeconds(3))),
                new DatabaseRegistry(List.of(registered)),
                () -> new Topics("ingest-faults-it.", stack.registryClient()),
                OnnxEmbeddingModel.schemaIndexDefault(),
                store);
        ingest.sync(DB, SyncProgress.NONE);
        ingest.startLiveSync(
                StreamsSettings.DEFAULTS,
                new SimpleMeterRegistry(),
                () -> {}); // a dead updater fails the test: nothing changes
        ingest.awaitCaptureReady(WAIT);
    }

    @AfterAll
    static void stop() {
        if (ingest != null) ingest.close();
        if (kafka != null) kafka.stop();
        if (target != null) target.close();
        if (store != null) store.close();
    }

    @Test
    @Order(1)
    void anIdleAuditTableRetainsNoWalWhileOtherTablesChange() throws Exception {
        await().atMost(WAIT).until(() -> ingest.captureStatus().stream().allMatch(CaptureStatus::running));
        // About 8 MB of WAL on a table the publication does not carry, and no DDL.
        sql(
                "INSERT INTO wal_filler SELECT g, repeat('x', 200) FROM generate_series(1, 30000) g",
                "DELETE FROM wal_filler");
        long generated = currentWalLsn();
        assertThat(retainedWal()).as("right after the burst").isGreaterThan(4L << 20);

        // Without heartbeats the slot's confirmed position stays at the last DDL for ever.
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> confirmedFlushLsn() >= generated);
        assertThat(retainedWal()).isLessThan(1L << 20);
    }

    @Test
    @Order(2)
    void changeCaptureRestartsAfterABrokerOutageAndLosesNothing() throws Exception {
        kafka.stop();
        sql("COMMENT ON TABLE projects IS 'Written while Kafka was down'");

        // The engine cannot deliver the change within the publish timeout, stops, and waits out a backoff.
        await().atMost(WAIT).until(() -> ingest.captureStatus().stream()
                .anyMatch(s -> s.phase() == CaptureStatus.Phase.RESTARTING && s.lastError() != null));
        assertThat(ingest.capturing()).isFalse();

        kafka.start();
        await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> tableText("projects")
                .map(t -> t.contains("Written while Kafka was down"))
                .orElse(false));

        sql("COMMENT ON TABLE projects IS 'Written after recovery'");
        await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> tableText("projects")
                .map(t -> t.contains("Written after recovery"))
                .orElse(false));
        await().atMost(WAIT).until(ingest::capturing);
        assertThat(ingest.captureStatus()).singleElement().satisfies(s -> assertThat(s.restarts())
                .isPositive());
    }

    private static void sql(String... statements) throws Exception {
        try (Connection session = target.borrow();
                Statement s = session.createStatement()) {
            for (String statement : statements) s.execute(statement);
        }
    }

    private static long currentWalLsn() throws Exception {
        return lsn("SELECT pg_current_wal_lsn() - '0/0'::pg_lsn");
    }

    private static long confirmedFlushLsn() throws Exception {
        return lsn("SELECT confirmed_flush_lsn - '0/0'::pg_lsn FROM pg_replication_slots WHERE slot_name = '"
                + DebeziumDdlCapture.slotName(DB) + "'");
    }

    private static long retainedWal() throws Exception {
        return lsn("SELECT pg_current_wal_lsn() - confirmed_flush_lsn FROM pg_replication_slots WHERE slot_name = '"
                + DebeziumDdlCapture.slotName(DB) + "'");
    }

    private static long lsn(String query) throws Exception {
        try (Connection session = target.borrow();
                Statement s = session.createStatement();
                ResultSet rs = s.executeQuery(query)) {
            assertThat(rs.next()).isTrue();
            return rs.getBigDecimal(1).longValueExact();
        }
    }

    private static Optional<String> tableText(String table) throws Exception {
        try (Connection session = store.borrow();
                PreparedStatement ps = session.prepareStatement("SELECT stable_text FROM schema_embeddings"
                        + " WHERE database_id = ? AND entity_type = 'table' AND table_name = ?")) {
            ps.setString(1, DB);
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }
}
