package dev.schemarag.app;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.ingest.sync.SyncSummary;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code schemarag bench freshness|sync}: figures, not timed tests. */
@Command(
        name = "bench",
        description = "Benchmarks: freshness (DDL commit to pgvector), sync (full sync of a suite), retrieval, chaos"
                + " (faults injected while questions flow; nothing may be lost), and pipeline (throughput and"
                + " latency of the services as processes, against a 1-partition baseline).")
final class BenchCommand implements Callable<Integer> {
    enum Kind {
        freshness,
        sync,
        retrieval,
        chaos,
        pipeline
    }

    enum Scope {
        catalog,
        db
    }

    @Parameters(index = "0", description = "${COMPLETION-CANDIDATES}")
    Kind kind;

    @Option(
            names = "--suite",
            description = "suite directory in the shared bench format (schema/*.sql, questions.jsonl): for sync and"
                    + " retrieval; for pipeline, its catalog and questions instead of the demo's")
    Path suite;

    @Option(names = "--changes", defaultValue = "60", description = "number of DDL/COMMENT changes for freshness")
    int changes;

    @Option(names = "--json", description = "also write the figures as JSON to this file")
    Path json;

    @Option(
            names = "--scope",
            defaultValue = "catalog",
            description =
                    "retrieval: catalog = every question against the whole catalog; db = limited to its db_id's schema")
    Scope scope;

    @Option(names = "--limit", defaultValue = "0", description = "retrieval: only the first N questions (0 = all)")
    int limit;

    @Option(
            names = "--questions",
            description = "chaos: questions to send (10%% malformed), spread over the faults (default 2000);"
                    + " pipeline: distinct questions per measurement (default 1500; with --suite, as many as its questions"
                    + " allow)")
    Integer questions;

    @Option(names = "--rate", defaultValue = "50", description = "pipeline: questions sent per second")
    double rate;

    @Option(
            names = "--warm-up",
            defaultValue = "" + PipelineBenchmark.DEFAULT_WARM_UP,
            description = "pipeline: distinct questions answered before each measurement, at its rate, and not counted"
                    + " (default ${DEFAULT-VALUE})")
    int warmUp;

    @Option(
            names = "--instances",
            defaultValue = "1",
            description = "pipeline: processes each of retrieval and generation")
    int instances;

    @Option(
            names = "--llm-latency-ms",
            description = "pipeline: a scripted LLM endpoint answering valid SQL after this many ms"
                    + " (default: the offline generator)")
    Integer llmLatencyMs;

    @Override
    public Integer call() throws Exception {
        // chaos and pipeline run a stack of their own: never the developer's
        BenchReport report =
                switch (kind) {
                    case chaos -> ChaosBenchmark.run(questions == null ? 2000 : questions, System.out);
                    case pipeline ->
                        PipelineBenchmark.run(
                                suite == null ? null : new SuiteCatalog(suite),
                                questions,
                                warmUp,
                                rate,
                                instances,
                                llmLatencyMs,
                                System.out);
                    default -> onDevelopmentStack();
                };
        report.print();
        if (json != null) report.writeJson(json);
        return 0;
    }

    @SuppressWarnings("try") // the stack stays open for the command's lifetime without being referenced
    private BenchReport onDevelopmentStack() throws Exception {
        try (StackSession stack = StackSession.ensure(SchemaRagCli.home());
                Services services = Services.fromEnvironment()) {
            Settings settings = services.settings();
            if (kind == Kind.freshness) return freshness(settings, services);
            if (suite == null) throw new IllegalArgumentException("bench " + kind + " needs --suite <dir>");
            return kind == Kind.sync ? sync(settings, services, suite) : retrieval(settings, services, suite);
        }
    }

    /** A fresh database named after the benchmark, created by the store administrator, who is also its admin login. */
    private static RegisteredDatabase freshDatabase(
            Settings settings, Services services, String id, List<String> schemas) throws Exception {
        String url = services.databaseUrl(id);
        Credentials admin = services.storeAdmin()
                .orElseThrow(() -> new IllegalStateException("bench creates databases: set store.admin.user"));
        RegisteredDatabase db = new RegisteredDatabase(id, url, admin, null, schemas, null, null);
        try (Connection previous = new Database(url, admin.user(), admin.password()).open();
                Statement s = previous.createStatement()) {
            // A logical slot pins its database and can only be dropped from a connection to it.
            s.execute(
                    "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE database = current_database() AND NOT active");
        } catch (java.sql.SQLException noSuchDatabaseYet) {
            // Nothing to clean up.
        }
        try (Database server = new Database(settings.get(AppSettings.STORE_JDBC_URL), admin.user(), admin.password());
                Connection c = server.borrow();
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + id + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + id);
        }
        return db;
    }

    /** Loads a suite's DDL, every database as its own schema of one fresh catalog. */
    private static RegisteredDatabase loadSuite(Settings settings, Services services, Path suiteDir) throws Exception {
        SuiteCatalog suite = new SuiteCatalog(suiteDir);
        String id = suite.databaseId();
        RegisteredDatabase db = freshDatabase(settings, services, id, suite.schemas());
        try (Database target = new Database(
                        db.jdbcUrl(),
                        db.requireAdmin().user(),
                        db.requireAdmin().password());
                Connection c = target.borrow()) {
            suite.loadInto(c);
        }
        clearStore(services.store(), id);
        return db;
    }

    private BenchReport sync(Settings settings, Services services, Path suiteDir) throws Exception {
        RegisteredDatabase db = loadSuite(settings, services, suiteDir);
        try (IngestService ingest = services.ingest(new DatabaseRegistry(List.of(db)))) {
            SyncSummary first = ingest.sync(db.id(), new ProgressBar(System.out));
            SyncSummary again = ingest.sync(db.id(), SyncProgress.NONE);
            return new BenchReport("bench sync " + suiteDir.getFileName())
                    .put("suite", suiteDir.getFileName().toString())
                    .put("tables", first.tables())
                    .put("entities", first.entities())
                    .put("seconds", first.seconds())
                    .put("entities_per_s", first.entities() / first.seconds())
                    .put("resync_seconds", again.seconds())
                    .put("resync_embedded", again.embedded());
        }
    }

    private BenchReport retrieval(Settings settings, Services services, Path suiteDir) throws Exception {
        RegisteredDatabase db = loadSuite(settings, services, suiteDir);
        try (IngestService ingest = services.ingest(new DatabaseRegistry(List.of(db)))) {
            ingest.sync(db.id(), new ProgressBar(System.out));
        }
        List<RetrievalBenchmark.Question> questions = RetrievalBenchmark.questions(suiteDir, limit);
        Map<String, Object> figures = RetrievalBenchmark.run(
                () -> services.retrieval().retriever(),
                db.id(),
                suiteDir.getFileName().toString(),
                questions,
                scope == Scope.db);
        BenchReport report = new BenchReport("bench retrieval " + suiteDir.getFileName() + " (scope " + scope + ")");
        figures.forEach(report::put);
        return report;
    }

    private static void clearStore(Database store, String databaseId) throws Exception {
        try (Connection c = store.borrow()) {
            for (String table : List.of("schema_embeddings", "doc_chunks", "catalog_relationships"))
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE database_id = ?")) {
                    ps.setString(1, databaseId);
                    ps.executeUpdate();
                }
        }
    }

    /** Each change alternates COMMENT ON COLUMN and ADD COLUMN; latency = commit to the row visible in pgvector. */
    private BenchReport freshness(Settings settings, Services services) throws Exception {
        String id = "bench_freshness";
        RegisteredDatabase db = freshDatabase(settings, services, id, List.of("public"));
        clearStore(services.store(), id);
        try (Database target = new Database(
                db.jdbcUrl(), db.requireAdmin().user(), db.requireAdmin().password())) {
            try (Connection c = target.borrow();
                    Statement s = c.createStatement()) {
                s.execute(
                        "CREATE TABLE orders (order_id bigint PRIMARY KEY, customer_name text, total numeric(12,2), placed_at timestamptz)");
                s.execute("COMMENT ON TABLE orders IS 'Customer orders'");
            }
            try (IngestService ingest = services.ingest(new DatabaseRegistry(List.of(db)))) {
                ingest.sync(id, SyncProgress.NONE);
                ingest.startLiveSync(
                        services.streamsSettings(), services.meters(), ThrowAwayPipeline.COMMAND_ENDS_ON_ITS_TIMEOUT);
                ingest.awaitCaptureReady(Duration.ofSeconds(60));
                double[] latencies = new double[changes];
                try (Connection targetSession = target.borrow();
                        Statement ddl = targetSession.createStatement();
                        Connection storeSession = services.store().borrow();
                        PreparedStatement probe = storeSession.prepareStatement(
                                "SELECT stable_text FROM schema_embeddings WHERE database_id = ? AND entity_type = 'column'"
                                        + " AND table_name = 'orders' AND column_name = ?")) {
                    probe.setString(1, id);
                    for (int i = 0; i < changes; i++) {
                        String column = i % 2 == 0 ? "extra_" + i : "customer_name";
                        String marker = i % 2 == 0 ? "extra_" + i : "comment " + i;
                        if (i % 2 == 0) ddl.execute("ALTER TABLE orders ADD COLUMN " + column + " text");
                        else
                            ddl.execute(
                                    "COMMENT ON COLUMN orders.customer_name IS 'Name on the order, " + marker + "'");
                        long committed = System.nanoTime();
                        probe.setString(2, column);
                        latencies[i] = waitFor(probe, marker, committed);
                    }
                }
                double[] sorted = BenchReport.sorted(latencies);
                return new BenchReport("bench freshness (DDL/COMMENT commit -> row visible in pgvector)")
                        .put("changes", changes)
                        .put("p50_ms", BenchReport.percentile(sorted, 50))
                        .put("p95_ms", BenchReport.percentile(sorted, 95))
                        .put("max_ms", sorted[sorted.length - 1]);
            }
        }
    }

    private static double waitFor(PreparedStatement probe, String marker, long committed) throws Exception {
        while (System.nanoTime() - committed < Duration.ofSeconds(30).toNanos()) {
            try (ResultSet rs = probe.executeQuery()) {
                if (rs.next() && rs.getString(1).contains(marker)) return (System.nanoTime() - committed) / 1e6;
            }
            Thread.sleep(1);
        }
        throw new IllegalStateException("change '" + marker + "' did not reach pgvector within 30 s");
    }
}
