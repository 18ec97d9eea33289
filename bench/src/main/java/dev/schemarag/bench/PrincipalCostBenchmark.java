package dev.schemarag.bench;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.store.Database;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.main.RetrievalMain;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code schemarag bench retrieval --db <id> --as <principal>}: what answering from a principal's view of the catalog
 * adds to retrieval. On a registered database that its services synced, and whose registration maps the principal, the
 * same distinct questions about its catalog ({@link CatalogQuestions}) are retrieved without a principal (the baseline)
 * and as the principal, by one retriever in this process, question by question in alternating order, so that both
 * see the same load, the same cached question embeddings and the same catalog version.
 */
public final class PrincipalCostBenchmark {
    /** Questions when none are asked for: enough for a stable p99. */
    public static final int DEFAULT_QUESTIONS = 300;
    /** Measured passes over the questions, after one that is not counted (catalog views, embeddings, JIT). */
    static final int ROUNDS = 3;

    private PrincipalCostBenchmark() {}

    /** @param limit questions to ask (0 = {@value #DEFAULT_QUESTIONS}, fewer when the catalog gives fewer) */
    public static BenchReport run(
            ServiceRuntime runtime, String databaseId, String principal, int limit, PrintWriter out) throws Exception {
        List<CatalogQuestions.Table> tables = storedTables(runtime.store(), databaseId);
        if (tables.isEmpty())
            throw new IllegalArgumentException("database '" + databaseId + "' has no synced table in the store");
        List<String> questions = CatalogQuestions.upTo(tables, limit > 0 ? limit : DEFAULT_QUESTIONS);
        SchemaRetriever retriever = RetrievalMain.service(runtime).retriever();
        Asker asker = Asker.of(principal);
        Latencies baseline = new Latencies();
        Latencies asPrincipal = new Latencies();
        for (int round = 0; round <= ROUNDS; round++) {
            boolean counted = round > 0;
            for (int i = 0; i < questions.size(); i++) {
                RetrievalRequest plain = RetrievalRequest.of(databaseId, questions.get(i));
                RetrievalRequest as = plain.withAsker(asker);
                if ((i + round) % 2 == 0) {
                    baseline.time(retriever, plain, counted);
                    asPrincipal.time(retriever, as, counted);
                } else {
                    asPrincipal.time(retriever, as, counted);
                    baseline.time(retriever, plain, counted);
                }
            }
            out.printf(Locale.ROOT, "  round %d of %d done%s%n", round, ROUNDS, counted ? "" : " (warm-up)");
        }
        BenchReport report = new BenchReport("bench retrieval " + databaseId + " as " + principal + " ("
                + questions.size() + " questions x " + ROUNDS + " rounds)");
        figures(baseline, asPrincipal, questions.size()).forEach(report::put);
        return report;
    }

    static Map<String, Object> figures(Latencies baseline, Latencies asPrincipal, int questions) {
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("questions", questions);
        figures.put("rounds", ROUNDS);
        Map<String, Object> systems = new LinkedHashMap<>();
        systems.put("no_principal", baseline.figures());
        systems.put("principal", asPrincipal.figures());
        figures.put("systems", systems);
        Map<String, Object> added = new LinkedHashMap<>();
        added.put("p50", asPrincipal.percentile(50) - baseline.percentile(50));
        added.put("p99", asPrincipal.percentile(99) - baseline.percentile(99));
        figures.put("added_ms", added);
        return figures;
    }

    /** The latencies of one side, and its questions that got no context (refused, or nothing readable). */
    static final class Latencies {
        private final List<Double> ms = new ArrayList<>();
        private int failures;

        void time(SchemaRetriever retriever, RetrievalRequest request, boolean counted) {
            long started = System.nanoTime();
            RetrievalResult result = retriever.retrieve(request);
            double elapsed = (System.nanoTime() - started) / 1e6;
            if (!counted) return;
            add(elapsed, result instanceof RetrievalResult.Retrieved);
        }

        void add(double elapsedMs, boolean retrieved) {
            ms.add(elapsedMs);
            if (!retrieved) failures++;
        }

        double percentile(int p) {
            return BenchReport.percentile(
                    BenchReport.sorted(
                            ms.stream().mapToDouble(Double::doubleValue).toArray()),
                    p);
        }

        Map<String, Object> figures() {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("retrievals", ms.size());
            f.put("failures", failures);
            Map<String, Object> latency = new LinkedHashMap<>();
            latency.put("p50", percentile(50));
            latency.put("p99", percentile(99));
            f.put("latency_ms", latency);
            return f;
        }
    }

    /** The database's tables with their columns, as the store holds them, in name order. */
    static List<CatalogQuestions.Table> storedTables(Database store, String databaseId) throws SQLException {
        Map<String, List<String>> columns = new LinkedHashMap<>();
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("SELECT table_name, column_name FROM schema_embeddings"
                        + " WHERE database_id = ? AND entity_type = 'column' ORDER BY table_name, column_name")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next())
                    columns.computeIfAbsent(rs.getString(1), t -> new ArrayList<>())
                            .add(rs.getString(2));
            }
        }
        List<CatalogQuestions.Table> tables = new ArrayList<>();
        columns.forEach((table, cs) -> tables.add(new CatalogQuestions.Table(table, cs)));
        return tables;
    }
}
