package dev.schemarag.bench;

import dev.schemarag.bench.stack.BenchDatabases;
import dev.schemarag.bench.stack.MariaBenchDatabases;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.MySqlQuoting;
import dev.schemarag.demo.MySqlSchemaTranslation;
import dev.schemarag.ingest.main.IngestMain;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;

/**
 * {@code schemarag bench freshness}: how long a schema change takes from its commit to its row in pgvector, through
 * change capture and the embedding updater running in this process. Each change alternates a column's comment and ADD
 * COLUMN on a table of a fresh database: on PostgreSQL captured by logical decoding, on MariaDB from the binlog (where
 * a column's comment is set by {@code ALTER TABLE … MODIFY COLUMN … COMMENT}).
 */
public final class FreshnessBenchmark {
    private static final String DATABASE_ID = "bench_freshness";
    private static final Duration CHANGE_TIMEOUT = Duration.ofSeconds(30);
    /** An updater that dies is not restarted: the change it leaves behind fails the run on its own timeout. */
    private static final Runnable FAILS_ON_ITS_TIMEOUT = () -> {};

    private FreshnessBenchmark() {}

    /** The table the changes are made on, in PostgreSQL's DDL (translated for MariaDB). */
    private static final List<String> TABLE = List.of(
            "CREATE TABLE orders (order_id bigint PRIMARY KEY, customer_name text, total numeric(12,2), placed_at timestamptz)",
            "COMMENT ON TABLE orders IS 'Customer orders'");

    public static BenchReport run(ServiceRuntime runtime, int changes, BenchTarget on) throws Exception {
        BenchDatabases databases = new BenchDatabases(runtime);
        RegisteredDatabase db = on == BenchTarget.mariadb
                ? new MariaBenchDatabases(runtime).fresh(DATABASE_ID, List.of(DATABASE_ID))
                : databases.fresh(DATABASE_ID, List.of("public"));
        databases.clearStore(DATABASE_ID);
        try (Database target = new Database(
                db.jdbcUrl(), db.requireAdmin().user(), db.requireAdmin().password())) {
            try (Connection c = target.borrow();
                    Statement s = c.createStatement()) {
                List<String> ddl =
                        on == BenchTarget.mariadb ? MySqlSchemaTranslation.translate(String.join(";\n", TABLE)) : TABLE;
                for (String statement : ddl) s.execute(statement);
            }
            try (IngestService ingest = IngestMain.service(runtime, new DatabaseRegistry(List.of(db)))) {
                ingest.sync(DATABASE_ID, SyncProgress.NONE);
                // The binlog position of the last run's database would replay its changes first.
                ingest.forgetCapturePosition(DATABASE_ID);
                ingest.startLiveSync(runtime.streamsSettings(), runtime.meters(), FAILS_ON_ITS_TIMEOUT);
                ingest.awaitCaptureReady(Duration.ofSeconds(60));
                double[] latencies = new double[changes];
                try (Connection targetSession = target.borrow();
                        Statement ddl = targetSession.createStatement();
                        Connection storeSession = runtime.store().borrow();
                        PreparedStatement probe = storeSession.prepareStatement(
                                "SELECT stable_text FROM schema_embeddings WHERE database_id = ? AND entity_type = 'column'"
                                        + " AND table_name = 'orders' AND column_name = ?")) {
                    probe.setString(1, DATABASE_ID);
                    for (int i = 0; i < changes; i++) {
                        String column = i % 2 == 0 ? "extra_" + i : "customer_name";
                        String marker = i % 2 == 0 ? "extra_" + i : "comment " + i;
                        if (i % 2 == 0) ddl.execute("ALTER TABLE orders ADD COLUMN " + column + " text");
                        else ddl.execute(columnComment(on, "Name on the order, " + marker));
                        long committed = System.nanoTime();
                        probe.setString(2, column);
                        latencies[i] = waitFor(probe, marker, committed);
                    }
                }
                double[] sorted = BenchReport.sorted(latencies);
                return new BenchReport("bench freshness on " + on + " (DDL/COMMENT commit -> row visible in pgvector)")
                        .put("target", on.name())
                        .put("changes", changes)
                        .put("p50_ms", BenchReport.percentile(sorted, 50))
                        .put("p95_ms", BenchReport.percentile(sorted, 95))
                        .put("p99_ms", BenchReport.percentile(sorted, 99))
                        .put("max_ms", sorted[sorted.length - 1]);
            }
        }
    }

    /** The statement that sets customer_name's comment: MySQL sets it with the column's whole definition. */
    private static String columnComment(BenchTarget on, String comment) {
        return on == BenchTarget.mariadb
                ? "ALTER TABLE orders MODIFY COLUMN customer_name text COMMENT " + MySqlQuoting.literal(comment)
                : "COMMENT ON COLUMN orders.customer_name IS '" + comment.replace("'", "''") + "'";
    }

    /** Milliseconds from {@code committed} until the probe reads {@code marker}. */
    private static double waitFor(PreparedStatement probe, String marker, long committed) throws Exception {
        while (System.nanoTime() - committed < CHANGE_TIMEOUT.toNanos()) {
            try (ResultSet rs = probe.executeQuery()) {
                if (rs.next() && rs.getString(1).contains(marker)) return (System.nanoTime() - committed) / 1e6;
            }
            Thread.sleep(1);
        }
        throw new IllegalStateException("change '" + marker + "' did not reach pgvector within 30 s");
    }
}
