package dev.schemarag.retrieval.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.core.admin.CheckResult;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.RetrievedContext;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.InMemoryVectorIndex;
import dev.schemarag.retrieval.pgvector.PgVectorSchemaIndex;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The retrieval service on the demo ERP schema with live ingest running: it is ready only once the catalog is loaded,
 * and DDL and COMMENT changes reach its packets table by table, without a full reload, equal to what a fresh full load
 * gives.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class IncrementalCatalogIT {
    private static final String DB = "incremental_it";
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final List<String> QUESTIONS = List.of(
            "Which employees wear a red badge colour?",
            "List the audit log entries of last week",
            "Total payslip amount per department");

    private static EmbeddedStack stack;
    private static Database store;
    private static Database target;
    private static EmbeddingModel model;
    private static IngestService ingest;
    private static RetrievalService retrieval;
    private static final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private static CheckResult readinessBeforeStart;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(DB);
        String user = stack.postgres().user();
        String password = stack.postgres().password();
        target = new Database(stack.postgres().jdbcUrl(DB), user, password);
        sql("DROP SCHEMA public CASCADE", "CREATE SCHEMA public", demoSchema());
        store = new Database(stack.postgres().jdbcUrl("schemarag"), user, password);
        store.migrateStore();
        model = OnnxEmbeddingModel.schemaIndexDefault();
        Topics topics = new Topics("incremental-it.", stack.registryClient());
        RegisteredDatabase db = new RegisteredDatabase(
                DB, stack.postgres().jdbcUrl(DB), new Credentials(user, password), null, List.of("public"), null, null);
        ingest = new IngestService(
                IngestService.Config.of(
                        stack.bootstrapServers(), KafkaClientSecurity.none(), dir, "schemarag_cdc", "cdc-secret", 10),
                new DatabaseRegistry(List.of(db)),
                () -> topics,
                model,
                store);
        ingest.sync(DB, SyncProgress.NONE);
        ingest.startLiveSync(StreamsSettings.DEFAULTS, new SimpleMeterRegistry(), () -> {});
        ingest.awaitCaptureReady(WAIT);

        retrieval = InMemoryRetrieval.service(store, model, RetrievalSettings.defaults(), meters);
        readinessBeforeStart = retrieval.catalogReadiness().check();
        retrieval.start(
                stack.bootstrapServers(),
                KafkaClientSecurity.none(),
                topics,
                dir.resolve("streams"),
                StreamsSettings.DEFAULTS,
                () -> {});
    }

    @AfterAll
    static void stop() {
        if (retrieval != null) retrieval.close();
        if (ingest != null) ingest.close();
    }

    @Test
    @Order(1)
    void theServiceIsReadyOnlyOnceEveryCatalogIsLoaded() throws Exception {
        assertThat(readinessBeforeStart.up()).isFalse();

        await("catalog loaded")
                .atMost(WAIT)
                .until(() -> retrieval.catalogReadiness().check().up());
        assertThat(loads("full", "tables")).as("tables loaded before ready").isPositive();
        assertThat(loads("full", "vectors")).as("vectors loaded before ready").isPositive();

        double full = loads("full", "tables") + loads("full", "vectors");
        context(retrieval.retriever(), RetrievalRequest.of(DB, QUESTIONS.get(2)));
        assertThat(loads("full", "tables") + loads("full", "vectors"))
                .as("the first question loads nothing")
                .isEqualTo(full);
    }

    @Test
    @Order(2)
    void addColumnCommentAndDropReachThePacketsWithoutAFullReload() throws Exception {
        for (String question : QUESTIONS) retrieval.retriever().retrieve(RetrievalRequest.of(DB, question));
        double full = loads("full", "tables") + loads("full", "vectors");
        double incremental = loads("incremental", "tables");

        sql(
                "ALTER TABLE employees ADD COLUMN badge_colour text",
                "COMMENT ON COLUMN employees.badge_colour IS 'Colour of the access badge: red, green or blue'",
                "DROP TABLE audit_log CASCADE");

        RetrievalRequest fullSchema = RetrievalRequest.of(DB, QUESTIONS.get(0)).withUseRetrieval(false);
        await("changes visible to retrieval")
                .atMost(WAIT)
                .pollInterval(Duration.ofMillis(250))
                .until(() -> {
                    String packet = context(retrieval.retriever(), fullSchema).packet();
                    return packet.contains("Colour of the access badge") && !packet.contains("audit_log");
                });

        assertThat(loads("full", "tables") + loads("full", "vectors"))
                .as("no full reload")
                .isEqualTo(full);
        assertThat(loads("incremental", "tables")).isGreaterThan(incremental);

        SchemaRetriever fresh = freshlyLoaded();
        assertSameContext(context(retrieval.retriever(), fullSchema), context(fresh, fullSchema));
        for (String question : QUESTIONS) {
            RetrievalRequest rag = RetrievalRequest.of(DB, question).withUseRetrieval(true);
            assertSameContext(context(retrieval.retriever(), rag), context(fresh, rag));
        }
        assertThat(context(
                                retrieval.retriever(),
                                RetrievalRequest.of(DB, QUESTIONS.get(0)).withUseRetrieval(true))
                        .packet())
                .contains("badge_colour");
    }

    @Test
    @Order(3)
    void anUndeclaredReferenceAddedLiveJoinsAsInferredWithoutAFullReloadAndLeavesWithItsColumn() throws Exception {
        double full = loads("full", "tables") + loads("full", "vectors");
        RetrievalRequest fullSchema = RetrievalRequest.of(DB, QUESTIONS.get(0)).withUseRetrieval(false);
        Predicate<String> inferredHint = h -> h.contains("badge_scans.employee_id = ")
                && h.contains("employees.employee_id")
                && h.contains("inferred");

        sql(
                "CREATE TABLE badge_scans (scan_id bigint PRIMARY KEY, scanned_at timestamptz)",
                "ALTER TABLE badge_scans ADD COLUMN employee_id bigint"); // no REFERENCES: ingest infers the edge

        await("inferred edge visible to retrieval")
                .atMost(WAIT)
                .pollInterval(Duration.ofMillis(250))
                .until(() -> context(retrieval.retriever(), fullSchema).joinHints().stream()
                        .anyMatch(inferredHint));
        assertThat(loads("full", "tables") + loads("full", "vectors"))
                .as("no full reload")
                .isEqualTo(full);
        assertSameContext(context(retrieval.retriever(), fullSchema), context(freshlyLoaded(), fullSchema));

        sql("ALTER TABLE badge_scans DROP COLUMN employee_id");

        await("inferred edge gone")
                .atMost(WAIT)
                .pollInterval(Duration.ofMillis(250))
                .until(() -> context(retrieval.retriever(), fullSchema).joinHints().stream()
                        .noneMatch(h -> h.contains("badge_scans.employee_id")));
    }

    private static void assertSameContext(RetrievedContext actual, RetrievedContext expected) {
        assertThat(actual.packet()).isEqualTo(expected.packet());
        assertThat(actual.tables()).isEqualTo(expected.tables());
        assertThat(actual.joinHints()).isEqualTo(expected.joinHints());
        assertThat(actual.docChunks()).isEqualTo(expected.docChunks());
    }

    /** A retriever that loads the store's current catalog in full, as a restarted service would. */
    private static SchemaRetriever freshlyLoaded() {
        PgVectorSchemaIndex index = new PgVectorSchemaIndex(store);
        return new SchemaRetriever(new InMemoryVectorIndex(index, index), model, RetrievalSettings.defaults(), 16);
    }

    private static RetrievedContext context(SchemaRetriever retriever, RetrievalRequest request) {
        RetrievalResult result = retriever.retrieve(request);
        assertThat(result).isInstanceOf(RetrievalResult.Retrieved.class);
        return ((RetrievalResult.Retrieved) result).context();
    }

    private static double loads(String kind, String part) {
        Counter counter = meters.find(CatalogMeters.LOADS)
                .tags("kind", kind, "part", part)
                .counter();
        return counter == null ? 0 : counter.count();
    }

    private static String demoSchema() throws IOException {
        try (InputStream in = IncrementalCatalogIT.class.getClassLoader().getResourceAsStream("demo/erp/schema.sql")) {
            if (in == null) throw new IllegalStateException("the demo schema is missing from the classpath");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void sql(String... statements) throws Exception {
        try (Connection c = target.open();
                Statement s = c.createStatement()) {
            for (String statement : statements) s.execute(statement);
        }
    }
}
