package dev.schemarag.bench;

import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.main.RetrievalMain;
import dev.schemarag.retrieval.routing.RankedCandidate;
import dev.schemarag.retrieval.routing.RouteCandidate;
import dev.schemarag.retrieval.routing.RoutingDecision;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code bench retrieval --scope route}: every question of a multi-database suite asked without its database, routed
 * among the suite's databases (each a schema of the bench's one catalog) by the service's routing code, and retrieved
 * within the one it was routed to; scored on the database it chose and on the tables it found there.
 */
public final class RoutingBenchmark {
    private RoutingBenchmark() {}

    /** @param limit only the first questions of the suite (0 = all) */
    public static BenchReport run(
            ServiceRuntime runtime, Path suiteDir, int limit, SyncProgress progress, PrintWriter out) throws Exception {
        RegisteredDatabase db = RetrievalBenchmark.loadAndSync(runtime, suiteDir, progress);
        List<RetrievalBenchmark.Question> questions = RetrievalBenchmark.questions(suiteDir, limit);
        Map<String, Object> figures = figures(
                RetrievalMain.service(runtime).retriever(),
                db.id(),
                new SuiteCatalog(suiteDir).schemas(),
                suiteDir.getFileName().toString(),
                questions);
        @SuppressWarnings("unchecked")
        Map<String, Object> routing = (Map<String, Object>) figures.get("routing");
        routing.putAll(new SchemaTies(columnsBySchema(db)).figures(questions));
        BenchReport report = new BenchReport("bench retrieval " + suiteDir.getFileName() + " (scope route)");
        figures.forEach(report::put);
        return report;
    }

    /** Routes every question among {@code schemas}, each one candidate, then retrieves within the one chosen. */
    static Map<String, Object> figures(
            SchemaRetriever retriever,
            String databaseId,
            List<String> schemas,
            String suite,
            List<RetrievalBenchmark.Question> questions) {
        List<RouteCandidate> candidates = schemas.stream()
                .map(schema -> new RouteCandidate(databaseId, Set.of(schema)))
                .toList();
        int correct = 0, ambiguous = 0, leading = 0, listed = 0;
        double confidence = 0;
        List<Double> routingMs = new ArrayList<>();
        RetrievalBenchmark.Score score = new RetrievalBenchmark.Score();
        score.warmUp(retriever);
        for (RetrievalBenchmark.Question q : questions) {
            RetrievalRequest request = RetrievalRequest.of(databaseId, q.text()).withEvidence(q.evidence());
            long start = System.nanoTime();
            RoutingDecision decision = retriever.route(request, candidates);
            double routingTook = (System.nanoTime() - start) / 1e6;
            routingMs.add(routingTook);
            if (!decision.ranking().isEmpty() && isGold(decision.ranking().get(0), q)) leading++;
            if (decision.ranking().stream().anyMatch(c -> isGold(c, q))) listed++;
            if (!(decision instanceof RoutingDecision.Routed routed)) {
                ambiguous++;
                score.add(q, null, routingTook);
                continue;
            }
            confidence += routed.confidence();
            if (routed.candidate().schemas().contains(q.dbId())) correct++;
            start = System.nanoTime();
            RetrievalResult result =
                    retriever.retrieve(request.withSchemas(routed.candidate().schemas()));
            double took = routingTook + (System.nanoTime() - start) / 1e6;
            score.add(q, result instanceof RetrievalResult.Retrieved retrieved ? retrieved.context() : null, took);
        }
        int n = questions.size();
        int routedCount = n - ambiguous;
        Map<String, Object> routing = new LinkedHashMap<>();
        routing.put("routing_accuracy", correct / (double) n);
        routing.put("ambiguous_rate", ambiguous / (double) n);
        routing.put("misrouted_rate", (routedCount - correct) / (double) n);
        routing.put("accuracy_when_routed", routedCount == 0 ? 0.0 : correct / (double) routedCount);
        routing.put("top1_accuracy", leading / (double) n);
        routing.put("gold_listed", listed / (double) n);
        routing.put("mean_confidence", routedCount == 0 ? 0.0 : confidence / routedCount);
        double[] sorted = BenchReport.sorted(
                routingMs.stream().mapToDouble(Double::doubleValue).toArray());
        Map<String, Object> latency = new LinkedHashMap<>();
        latency.put("p50", BenchReport.percentile(sorted, 50));
        latency.put("p99", BenchReport.percentile(sorted, 99));
        routing.put("latency_ms", latency);
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("suite", suite);
        report.put("scope", "route");
        report.put("questions", n);
        report.put("candidates", candidates.size());
        report.put("routing", routing);
        // Within the database routed to, latency with the routing; a question refused or routed elsewhere found
        // nothing.
        report.put("systems", Map.of("schemarag", score.figures()));
        return report;
    }

    /** The loaded catalog's columns, by schema and table, as the database has them. */
    private static Map<String, Map<String, Set<String>>> columnsBySchema(RegisteredDatabase db) throws SQLException {
        Map<String, Map<String, Set<String>>> columns = new HashMap<>();
        try (Database target = new Database(
                        db.jdbcUrl(),
                        db.requireAdmin().user(),
                        db.requireAdmin().password());
                Connection c = target.borrow();
                PreparedStatement st = c.prepareStatement("SELECT table_schema, table_name, column_name"
                        + " FROM information_schema.columns WHERE table_schema = ANY (?)")) {
            st.setArray(1, c.createArrayOf("text", db.schemas().toArray()));
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next())
                    columns.computeIfAbsent(rs.getString(1), s -> new HashMap<>())
                            .computeIfAbsent(rs.getString(2), t -> new HashSet<>())
                            .add(rs.getString(3));
            }
        }
        return columns;
    }

    private static boolean isGold(RankedCandidate candidate, RetrievalBenchmark.Question q) {
        return candidate.candidate().schemas().contains(q.dbId());
    }
}
