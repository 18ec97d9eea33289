package dev.schemarag.bench;

import dev.schemarag.bench.stack.BenchDatabases;
import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.store.CatalogNotifications;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.main.IngestMain;
import dev.schemarag.ingest.postgres.PostgresRoleMemberships;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.service.IngestSettings;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.RetrievedContext;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.SelectedTable;
import dev.schemarag.retrieval.kafka.RetrievalService;
import dev.schemarag.retrieval.main.RetrievalMain;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code schemarag bench freshness --access}: how long an access change takes from its commit until retrieval answers
 * the principal it concerns accordingly, through change capture, the embedding updater, the store and retrieval's
 * catalog follower, all in this process. Two kinds, reported apart: {@code GRANT|REVOKE SELECT ON <table>} (captured
 * by the event trigger, as DDL is) and {@code GRANT|REVOKE <group> TO|FROM <role>} (which fires no trigger: ingest's
 * role membership poll finds it). Each change is on another table or group than the one before it, so no change
 * repeats its predecessor, and each is timed until the principal's full-schema context shows the table, or stops
 * showing it. The baseline, in the same process and the same way: {@code COMMENT ON TABLE} until the principal's packet
 * shows the new comment.
 */
public final class AccessFreshnessBenchmark {
    private static final String DATABASE_ID = "bench_access";
    private static final String PRINCIPAL = "analyst";
    /** Roles are global to the server: their names say which benchmark made them. */
    private static final String READER = "bench_access_reader";

    private static final String GROUP = "bench_access_group_";
    private static final int TABLES = 10;
    private static final int GROUPS = 4;
    private static final String QUESTION = "What is stored here?";
    private static final Duration CHANGE_TIMEOUT = Duration.ofSeconds(30);
    private static final long POLL_MS = 1;
    private static final int MEMBERSHIP_READS = 200;
    private static final Runnable FAILS_ON_ITS_TIMEOUT = () -> {};

    private AccessFreshnessBenchmark() {}

    /**
     * @param changes table GRANT/REVOKEs to time
     * @param memberships role membership GRANT/REVOKEs to time
     */
    public static BenchReport run(ServiceRuntime runtime, int changes, int memberships) throws Exception {
        double loadBefore = loadAverage();
        BenchDatabases databases = new BenchDatabases(runtime);
        RegisteredDatabase created = databases.fresh(DATABASE_ID, List.of("public"));
        databases.clearStore(DATABASE_ID);
        RegisteredDatabase db = created.withPrincipals(new Principals(Map.of(PRINCIPAL, READER), null));
        try (Database target = new Database(
                db.jdbcUrl(), db.requireAdmin().user(), db.requireAdmin().password())) {
            createSchema(target);
            try (IngestService ingest = IngestMain.service(runtime, new DatabaseRegistry(List.of(db)))) {
                ingest.sync(DATABASE_ID, SyncProgress.NONE);
                ingest.startLiveSync(runtime.streamsSettings(), runtime.meters(), FAILS_ON_ITS_TIMEOUT);
                ingest.awaitCaptureReady(Duration.ofSeconds(60));
                SchemaRetriever retriever = RetrievalMain.service(runtime).retriever();
                retriever.warmUp();
                retriever.follow();
                Thread follower = follower(
                        retriever,
                        new CatalogNotifications(runtime.store()),
                        Duration.ofMillis(runtime.settings().get(RetrievalService.CATALOG_POLL_MS)));
                try (Connection session = target.borrow();
                        Statement sql = session.createStatement()) {
                    // The baseline: other DDL, timed the same way in the same process.
                    double[] comments = new double[changes];
                    for (int i = 0; i < changes; i++) {
                        String comment = "Base rows, round " + i;
                        comments[i] = timed(sql, "COMMENT ON TABLE base IS '" + comment + "'", () -> context(retriever)
                                .packet()
                                .contains(comment));
                    }
                    double[] tables = new double[changes];
                    for (int i = 0; i < changes; i++) {
                        String table = "t_" + (i % TABLES);
                        boolean grant = (i / TABLES) % 2 == 0;
                        tables[i] = timed(
                                sql,
                                grant
                                        ? "GRANT SELECT ON " + table + " TO " + READER
                                        : "REVOKE SELECT ON " + table + " FROM " + READER,
                                () -> shows(retriever, table) == grant);
                    }
                    double[] roles = new double[memberships];
                    for (int i = 0; i < memberships; i++) {
                        int group = i % GROUPS;
                        boolean grant = (i / GROUPS) % 2 == 0;
                        roles[i] = timed(
                                sql,
                                grant
                                        ? "GRANT " + GROUP + group + " TO " + READER
                                        : "REVOKE " + GROUP + group + " FROM " + READER,
                                () -> shows(retriever, "m_" + group) == grant);
                    }
                    return new BenchReport("bench freshness --access (GRANT/REVOKE commit -> retrieval for the"
                                    + " principal)")
                            .put("comment_changes", percentiles(comments))
                            .put("table_changes", percentiles(tables))
                            .put("membership_changes", percentiles(roles))
                            .put(
                                    "role_membership_poll_ms",
                                    runtime.settings().get(IngestSettings.ROLE_MEMBERSHIP_POLL_MS))
                            .put("retrieval_catalog_poll_ms", runtime.settings().get(RetrievalService.CATALOG_POLL_MS))
                            .put("membership_read_ms", membershipReadCost(db, target))
                            .put("load_average_before", loadBefore)
                            .put("load_average_after", loadAverage());
                } finally {
                    follower.interrupt();
                }
            }
        }
    }

    /**
     * Tables {@code t_*} the reader is granted and revoked, and {@code m_*}, one per group, which only the group reads.
     * A table {@code base} the reader always reads keeps its context non-empty.
     */
    private static void createSchema(Database target) throws Exception {
        try (Connection c = target.borrow();
                Statement s = c.createStatement()) {
            List<String> roles = new ArrayList<>(List.of(READER));
            for (int g = 0; g < GROUPS; g++) roles.add(GROUP + g);
            for (String role : roles) {
                s.execute("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + role
                        + "') THEN CREATE ROLE " + role + "; END IF; END $$");
                // A run that stopped half-way may have left a membership.
                if (!role.equals(READER)) s.execute("REVOKE " + role + " FROM " + READER);
            }
            s.execute("CREATE TABLE base (base_id bigint PRIMARY KEY, label text)");
            for (int t = 0; t < TABLES; t++)
                s.execute("CREATE TABLE t_" + t + " (t" + t + "_id bigint PRIMARY KEY, base_id bigint REFERENCES base,"
                        + " note text)");
            for (int g = 0; g < GROUPS; g++) {
                s.execute("CREATE TABLE m_" + g + " (m" + g + "_id bigint PRIMARY KEY, base_id bigint, note text)");
                s.execute("GRANT SELECT ON m_" + g + " TO " + GROUP + g);
            }
            s.execute("GRANT USAGE ON SCHEMA public TO " + String.join(", ", roles));
            s.execute("GRANT SELECT ON base TO " + READER);
        }
    }

    /**
     * Applies the store's catalog changes when the store notifies one, or after {@code check} without a notification,
     * as the retrieval service's follower does; listens before it returns, so that no change is made before.
     */
    private static Thread follower(SchemaRetriever retriever, CatalogNotifications notifications, Duration check)
            throws InterruptedException {
        notifications.await(Duration.ofMillis(1));
        Thread follower = new Thread(
                () -> {
                    try (notifications) {
                        while (!Thread.currentThread().isInterrupted()) {
                            notifications.await(check);
                            retriever.refresh();
                        }
                    } catch (InterruptedException stopped) {
                        Thread.currentThread().interrupt();
                    }
                },
                "bench-catalog-follower");
        follower.setDaemon(true);
        follower.start();
        return follower;
    }

    /** Whether the principal's full-schema context holds {@code table}. */
    private static boolean shows(SchemaRetriever retriever, String table) {
        return context(retriever).tables().stream()
                .map(SelectedTable::table)
                .anyMatch(new TableName("public", table)::equals);
    }

    /** The principal's full-schema context: every table its role reads, no search, so no ranking to wait for. */
    private static RetrievedContext context(SchemaRetriever retriever) {
        RetrievalResult result = retriever.retrieve(RetrievalRequest.of(DATABASE_ID, QUESTION)
                .withUseRetrieval(false)
                .withAsker(Asker.of(PRINCIPAL)));
        if (!(result instanceof RetrievalResult.Retrieved retrieved))
            throw new IllegalStateException("retrieval answered " + result + " for " + PRINCIPAL);
        return retrieved.context();
    }

    private interface Check {
        boolean holds() throws Exception;
    }

    /** Milliseconds from the statement's commit (autocommit) until the check holds. */
    private static double timed(Statement sql, String statement, Check check) throws Exception {
        sql.execute(statement);
        long committed = System.nanoTime();
        while (!check.holds()) {
            if (System.nanoTime() - committed > CHANGE_TIMEOUT.toNanos())
                throw new IllegalStateException("'" + statement + "' did not reach retrieval within 30 s");
            Thread.sleep(POLL_MS);
        }
        return (System.nanoTime() - committed) / 1e6;
    }

    /** What one role membership poll costs: the probe's query on a pooled connection, p50 and p95 in ms. */
    private static Map<String, Object> membershipReadCost(RegisteredDatabase db, Database target) throws Exception {
        PostgresRoleMemberships reader = new PostgresRoleMemberships(registered -> target);
        double[] ms = new double[MEMBERSHIP_READS];
        for (int i = 0; i < ms.length; i++) {
            long started = System.nanoTime();
            reader.read(db, Set.of(READER));
            ms[i] = (System.nanoTime() - started) / 1e6;
        }
        double[] sorted = BenchReport.sorted(ms);
        Map<String, Object> cost = new LinkedHashMap<>();
        cost.put("p50", BenchReport.percentile(sorted, 50));
        cost.put("p95", BenchReport.percentile(sorted, 95));
        return cost;
    }

    private static Map<String, Object> percentiles(double[] latencies) {
        if (latencies.length == 0) return Map.of("changes", 0);
        double[] sorted = BenchReport.sorted(latencies);
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("changes", latencies.length);
        figures.put("p50_ms", BenchReport.percentile(sorted, 50));
        figures.put("p95_ms", BenchReport.percentile(sorted, 95));
        figures.put("p99_ms", BenchReport.percentile(sorted, 99));
        figures.put("max_ms", sorted[sorted.length - 1]);
        return figures;
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
