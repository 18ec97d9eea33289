package dev.schemarag.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.bench.stack.BenchDatabases;
import dev.schemarag.bench.stack.MariaBenchDatabases;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.ingest.main.IngestMain;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.retrieval.RetrievalMetrics;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.RetrievedContext;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.SelectedTable;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.main.RetrievalMain;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * The retrieval evaluation harness: every question of a suite through the real retriever, scored against the gold
 * tables and columns, for SchemaRAG and the baselines in the same run.
 */
public final class RetrievalBenchmark {

    /** A system under test: the retriever with some settings, or the full schema. */
    record SystemUnderTest(String name, Boolean useRetrieval, Map<String, String> settings) {}

    /** The baselines select a plain top-k: no relative cut-off, no sizing by the question's breadth. */
    private static final Map<String, String> PLAIN_TOP_K = Map.of(
            RetrievalSettings.SELECT_RELATIVE_CUTOFF.key(), "0", RetrievalSettings.SELECT_BREADTH.key(), "false");

    static final List<SystemUnderTest> SYSTEMS = List.of(
            new SystemUnderTest("schemarag", true, Map.of()),
            new SystemUnderTest("full_schema", false, Map.of()),
            new SystemUnderTest(
                    "bm25",
                    true,
                    with(
                            PLAIN_TOP_K,
                            RetrievalSettings.RRF_DENSE_WEIGHT.key(),
                            "0",
                            RetrievalSettings.FK_MAX_ADDED.key(),
                            "0",
                            RetrievalSettings.BRIDGES_ENABLED.key(),
                            "false")),
            new SystemUnderTest(
                    "dense",
                    true,
                    with(
                            PLAIN_TOP_K,
                            RetrievalSettings.LEXICAL_ENABLED.key(),
                            "false",
                            RetrievalSettings.FK_MAX_ADDED.key(),
                            "0",
                            RetrievalSettings.BRIDGES_ENABLED.key(),
                            "false")),
            // The design's V2 defaults without this project's additions (BM25 hybrid, bridges, relative cut-off,
            // breadth sizing, evidence top 30, the leading tables' parents).
            new SystemUnderTest(
                    "seed_v2",
                    true,
                    with(
                            PLAIN_TOP_K,
                            RetrievalSettings.LEXICAL_ENABLED.key(),
                            "false",
                            RetrievalSettings.BRIDGES_ENABLED.key(),
                            "false",
                            RetrievalSettings.EVIDENCE_TOPK.key(),
                            "20",
                            RetrievalSettings.FK_PARENTS_OF_TOP.key(),
                            "0")));

    private static Map<String, String> with(Map<String, String> base, String... keyValues) {
        Map<String, String> settings = new LinkedHashMap<>(base);
        for (int i = 0; i < keyValues.length; i += 2) settings.put(keyValues[i], keyValues[i + 1]);
        return Map.copyOf(settings);
    }

    record Question(
            String id, String dbId, String text, String evidence, Set<String> goldTables, Set<String> goldColumns) {}

    static List<Question> questions(Path suiteDir, int limit) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Question> questions = new ArrayList<>();
        for (String line : Files.readAllLines(suiteDir.resolve("questions.jsonl"))) {
            if (line.isBlank()) continue;
            JsonNode n = json.readTree(line);
            Set<String> tables = new HashSet<>();
            n.path("gold_tables").forEach(t -> tables.add(t.asText()));
            Set<String> columns = new HashSet<>();
            n.path("gold_columns").forEach(c -> columns.add(c.asText()));
            questions.add(new Question(
                    n.path("id").asText(),
                    n.path("db_id").asText(),
                    n.path("question").asText(),
                    n.hasNonNull("evidence") ? n.get("evidence").asText() : null,
                    tables,
                    columns));
            if (limit > 0 && questions.size() >= limit) break;
        }
        return questions;
    }

    /**
     * {@code schemarag bench retrieval}: the suite loaded into a fresh database and synced, then scored.
     *
     * @param limit only the first questions of the suite (0 = all)
     * @param scopeDb limit each question to its db_id's schema rather than the whole catalog
     * @param target the server the suite is loaded into and introspected on
     * @param perQuestion where to write one JSON line per question of the {@code schemarag} system
     *     ({@link PacketBreakdown}); null = nowhere
     * @param progress shows the sync's embedding
     * @param out where each system's end is told
     */
    public static BenchReport run(
            ServiceRuntime runtime,
            Path suiteDir,
            int limit,
            boolean scopeDb,
            boolean llmSelect,
            BenchTarget target,
            Path perQuestion,
            SyncProgress progress,
            PrintWriter out)
            throws Exception {
        RegisteredDatabase db = loadAndSync(runtime, suiteDir, target, progress);
        Map<String, Object> figures = figures(
                runtime,
                db.id(),
                suiteDir.getFileName().toString(),
                questions(suiteDir, limit),
                scopeDb,
                llmSelect,
                perQuestion,
                out);
        BenchReport report = new BenchReport("bench retrieval " + suiteDir.getFileName() + " on " + target + " (scope "
                + (scopeDb ? "db" : "catalog") + ")");
        report.put("target", target.name());
        figures.forEach(report::put);
        return report;
    }

    /**
     * {@code schemarag bench retrieval --suite demo}: the demo ERP loaded into a fresh database with its annotations
     * and docs, synced, and scored on its documented queries ({@link DemoSuite}).
     */
    public static BenchReport runDemo(
            ServiceRuntime runtime,
            int limit,
            boolean llmSelect,
            Path perQuestion,
            SyncProgress progress,
            PrintWriter out)
            throws Exception {
        Path extracted = DemoSuite.extract();
        List<Question> questions = DemoSuite.questions(extracted.resolve("docs"));
        if (limit > 0 && questions.size() > limit) questions = questions.subList(0, limit);
        RegisteredDatabase db = DemoSuite.loadFresh(new BenchDatabases(runtime), extracted);
        try (IngestService ingest = IngestMain.service(runtime, new DatabaseRegistry(List.of(db)))) {
            ingest.sync(db.id(), progress);
        }
        Map<String, Object> figures =
                figures(runtime, db.id(), DemoSuite.NAME, questions, false, llmSelect, perQuestion, out);
        BenchReport report = new BenchReport("bench retrieval " + DemoSuite.NAME + " (scope catalog)");
        figures.forEach(report::put);
        return report;
    }

    /** The suite loaded into a fresh database of its own and synced: its catalog stored, embedded and indexed. */
    static RegisteredDatabase loadAndSync(ServiceRuntime runtime, Path suiteDir, SyncProgress progress)
            throws Exception {
        return loadAndSync(runtime, suiteDir, BenchTarget.postgresql, progress);
    }

    /** The same on {@code target}: on MariaDB each of the suite's schemas a database, introspected by MySQL's rules. */
    static RegisteredDatabase loadAndSync(
            ServiceRuntime runtime, Path suiteDir, BenchTarget target, SyncProgress progress) throws Exception {
        SuiteCatalog suite = new SuiteCatalog(suiteDir);
        BenchDatabases databases = new BenchDatabases(runtime);
        RegisteredDatabase db = target == BenchTarget.mariadb
                ? suite.loadFresh(new MariaBenchDatabases(runtime), databases)
                : suite.loadFresh(databases);
        try (IngestService ingest = IngestMain.service(runtime, new DatabaseRegistry(List.of(db)))) {
            ingest.sync(db.id(), progress);
        }
        return db;
    }

    /**
     * The services' retriever for every system, and with {@code llmSelect} one more system, {@value #LLM_SELECT}: the
     * full pipeline with the LLM selection step on ({@link LlmSelectEndpoint}).
     */
    private static Map<String, Object> figures(
            ServiceRuntime runtime,
            String databaseId,
            String suite,
            List<Question> questions,
            boolean scopeDb,
            boolean llmSelect,
            Path perQuestion,
            PrintWriter out)
            throws IOException {
        Map<String, Object> report = figures(
                () -> RetrievalMain.service(runtime).retriever(),
                databaseId,
                suite,
                questions,
                scopeDb,
                perQuestion,
                out);
        if (!llmSelect) return report;
        try (LlmSelectEndpoint endpoint = new LlmSelectEndpoint(runtime)) {
            @SuppressWarnings("unchecked")
            Map<String, Object> systems = (Map<String, Object>) report.get("systems");
            systems.put(
                    LLM_SELECT,
                    score(endpoint.retriever(), WITH_LLM_SELECT, databaseId, questions, scopeDb, null)
                            .figures());
            report.put("llm_select_endpoint", endpoint.describe());
            out.printf(Locale.ROOT, "  %-12s done%n", LLM_SELECT);
        }
        return report;
    }

    /** The system of {@code --llm-select}: schemarag with the LLM selection step on. */
    static final String LLM_SELECT = "schemarag_llm_select";

    private static final SystemUnderTest WITH_LLM_SELECT =
            new SystemUnderTest(LLM_SELECT, true, Map.of(RetrievalSettings.LLM_SELECT.key(), "true"));

    /**
     * Runs every system over every question; {@code scopeDb} limits each question to its db_id's schema, and the
     * first system's packets are taken apart question by question into {@code perQuestion}, when given.
     */
    static Map<String, Object> figures(
            Supplier<SchemaRetriever> retrievers,
            String databaseId,
            String suite,
            List<Question> questions,
            boolean scopeDb,
            Path perQuestion,
            PrintWriter out)
            throws IOException {
        Map<String, Object> systems = new LinkedHashMap<>();
        for (SystemUnderTest system : SYSTEMS) {
            List<Map<String, Object>> breakdowns =
                    perQuestion != null && system == SYSTEMS.get(0) ? new ArrayList<>() : null;
            // A fresh retriever per system: no system profits from question embeddings cached by another.
            systems.put(
                    system.name(),
                    score(retrievers.get(), system, databaseId, questions, scopeDb, breakdowns)
                            .figures());
            if (breakdowns != null) writeLines(perQuestion, breakdowns);
            out.printf(Locale.ROOT, "  %-12s done%n", system.name());
        }
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("suite", suite);
        report.put("scope", scopeDb ? "db" : "catalog");
        report.put("questions", questions.size());
        report.put("systems", systems);
        return report;
    }

    private static Score score(
            SchemaRetriever retriever,
            SystemUnderTest system,
            String databaseId,
            List<Question> questions,
            boolean scopeDb,
            List<Map<String, Object>> breakdowns) {
        Score score = new Score();
        score.warmUp(retriever);
        for (Question q : questions) {
            RetrievalRequest request = new RetrievalRequest(
                    databaseId,
                    q.text(),
                    q.evidence(),
                    system.useRetrieval(),
                    scopeDb ? Set.of(q.dbId()) : Set.of(),
                    system.settings(),
                    null,
                    null);
            long start = System.nanoTime();
            RetrievalResult result = retriever.retrieve(request);
            double ms = (System.nanoTime() - start) / 1e6;
            RetrievedContext context =
                    result instanceof RetrievalResult.Retrieved retrieved ? retrieved.context() : null;
            score.add(q, context, ms);
            if (breakdowns != null) breakdowns.add(breakdown(q, context));
        }
        return score;
    }

    /** One question's line of {@code --per-question}: the question, its gold tables and its packet taken apart. */
    static Map<String, Object> breakdown(Question q, RetrievedContext context) {
        Set<String> gold = new TreeSet<>();
        q.goldTables().forEach(t -> gold.add(t.toLowerCase(Locale.ROOT)));
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("id", q.id());
        line.put("question", q.text());
        line.put("gold_tables", gold);
        if (context == null) return line;
        Set<String> selected = new HashSet<>();
        context.tables().forEach(t -> selected.add(t.table().toString().toLowerCase(Locale.ROOT)));
        line.put("missed", gold.stream().filter(t -> !selected.contains(t)).toList());
        line.put("full_schema_tokens", context.metadata().fullSchemaTokens());
        line.putAll(PacketBreakdown.of(context, gold));
        line.put("packet", context.packet());
        return line;
    }

    private static void writeLines(Path file, List<Map<String, Object>> lines) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> text = new ArrayList<>();
        for (Map<String, Object> line : lines) text.add(json.writeValueAsString(line));
        Files.write(file, text);
    }

    /** Questions grouped by how many gold tables they need: the last group holds this many and more. */
    static final int WIDEST_BREADTH = 3;

    /** Accumulates the per-question figures of one system. */
    static final class Score {
        private int questions, complete, strictColumns, goldColumns, coveredColumns, fallbacks, failures;
        private double tableRecall, precision, f1, tables;
        private long contextTokens, fullTokens;
        private final List<Double> latencies = new ArrayList<>();
        /** The service's warm-up before the first question: the catalog's load and its throw-away questions. */
        private double warmUpMs;
        /** The LLM selection step's figures of the questions it ran on. */
        private final List<Double> llmSelectMs = new ArrayList<>();

        private long llmSelectFailed,
                llmSelectPromptTokens,
                llmSelectCompletionTokens,
                llmSelectDropped,
                llmSelectCl100k;
        /** The same figures for the questions of each gold table count (1, 2, 3+), so broad questions are seen. */
        private final Map<Integer, Breadth> byGoldTables = new TreeMap<>();

        /** Complete recall, tables and tokens of the questions of one gold table count. */
        private static final class Breadth {
            private int questions, complete;
            private double tables;
            private long contextTokens, fullTokens;

            Map<String, Object> figures() {
                Map<String, Object> f = new LinkedHashMap<>();
                f.put("questions", questions);
                f.put("complete_recall", complete / (double) questions);
                f.put("mean_tables", tables / questions);
                f.put("token_reduction", contextTokens == 0 ? 0.0 : fullTokens / (double) contextTokens);
                return f;
            }
        }

        /**
         * Warms {@code retriever} up as the service does before it is ready: no question a user asks waits for the
         * catalog's load, the model's first inference or code still interpreted. Its throw-away questions are none of
         * the suite's.
         */
        void warmUp(SchemaRetriever retriever) {
            long started = System.nanoTime();
            retriever.warmUp();
            warmUpMs = (System.nanoTime() - started) / 1e6;
        }

        void add(Question q, RetrievedContext context, double ms) {
            questions++;
            Breadth breadth =
                    byGoldTables.computeIfAbsent(Math.min(q.goldTables().size(), WIDEST_BREADTH), n -> new Breadth());
            breadth.questions++;
            latencies.add(ms);
            Set<String> selected = new HashSet<>();
            // A table family is one entry of the packet that names its members by pattern and range: a gold member
            // counts as found through it.
            Map<String, String> entryOf = new HashMap<>();
            if (context == null) failures++;
            else if (context.metadata().fallbackReason() != null) fallbacks++;
            if (context != null) {
                for (SelectedTable t : context.tables()) {
                    String entry = lowerCase(t.table());
                    selected.add(entry);
                    entryOf.put(entry, entry);
                    t.family().ifPresent(f -> f.members().forEach(m -> entryOf.put(lowerCase(m), entry)));
                }
                contextTokens += context.metadata().contextTokens();
                fullTokens += context.metadata().fullSchemaTokens();
                addLlmSelect(context.metadata().metrics());
                breadth.contextTokens += context.metadata().contextTokens();
                breadth.fullTokens += context.metadata().fullSchemaTokens();
            }
            long hits = q.goldTables().stream().filter(entryOf::containsKey).count();
            double recall = q.goldTables().isEmpty()
                    ? 1
                    : hits / (double) q.goldTables().size();
            long entriesHit = q.goldTables().stream()
                    .map(entryOf::get)
                    .filter(Objects::nonNull)
                    .distinct()
                    .count();
            double prec = selected.isEmpty() ? 0 : entriesHit / (double) selected.size();
            tableRecall += recall;
            precision += prec;
            f1 += recall + prec == 0 ? 0 : 2 * recall * prec / (recall + prec);
            tables += selected.size();
            breadth.tables += selected.size();
            if (hits == q.goldTables().size()) {
                complete++;
                breadth.complete++;
            }
            long columnsCovered = q.goldColumns().stream()
                    .filter(c -> entryOf.containsKey(c.substring(0, c.lastIndexOf('.'))))
                    .count();
            goldColumns += q.goldColumns().size();
            coveredColumns += (int) columnsCovered;
            if (columnsCovered == q.goldColumns().size()) strictColumns++;
        }

        private void addLlmSelect(Map<String, Double> metrics) {
            Double ms = metrics.get(RetrievalMetrics.LLM_SELECT_MS);
            if (ms == null) return;
            llmSelectMs.add(ms);
            llmSelectFailed += metrics.getOrDefault(RetrievalMetrics.LLM_SELECT_FAILED, 0.0)
                    .longValue();
            llmSelectPromptTokens += metrics.getOrDefault(RetrievalMetrics.LLM_SELECT_PROMPT_TOKENS, 0.0)
                    .longValue();
            llmSelectCompletionTokens += metrics.getOrDefault(RetrievalMetrics.LLM_SELECT_COMPLETION_TOKENS, 0.0)
                    .longValue();
            llmSelectDropped += metrics.getOrDefault(RetrievalMetrics.LLM_SELECT_DROPPED, 0.0)
                    .longValue();
            llmSelectCl100k += metrics.getOrDefault(RetrievalMetrics.LLM_SELECT_PROMPT_CL100K, 0.0)
                    .longValue();
        }

        /** The step's calls, failures, time and tokens per call, and tables dropped per call; null when it never ran. */
        private Map<String, Object> llmSelectFigures() {
            if (llmSelectMs.isEmpty()) return null;
            int calls = llmSelectMs.size();
            double[] sorted = BenchReport.sorted(
                    llmSelectMs.stream().mapToDouble(Double::doubleValue).toArray());
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("calls", calls);
            f.put("failed", llmSelectFailed);
            f.put("p50_ms", BenchReport.percentile(sorted, 50));
            f.put("p99_ms", BenchReport.percentile(sorted, 99));
            f.put("prompt_cl100k_tokens_per_call", llmSelectCl100k / (double) calls);
            f.put("prompt_tokens_per_call", llmSelectPromptTokens / (double) calls);
            f.put("completion_tokens_per_call", llmSelectCompletionTokens / (double) calls);
            f.put("tables_dropped_per_call", llmSelectDropped / (double) calls);
            return f;
        }

        Map<String, Object> figures() {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("complete_recall", complete / (double) questions);
            f.put("table_recall", tableRecall / questions);
            f.put("precision", precision / questions);
            f.put("f1", f1 / questions);
            f.put("mean_tables", tables / questions);
            f.put("column_recall", goldColumns == 0 ? 1.0 : coveredColumns / (double) goldColumns);
            f.put("strict_column_recall", strictColumns / (double) questions);
            f.put("token_reduction", contextTokens == 0 ? 0.0 : fullTokens / (double) contextTokens);
            f.put("fallback_rate", fallbacks / (double) questions);
            f.put("failures", failures);
            double[] sorted = BenchReport.sorted(
                    latencies.stream().mapToDouble(Double::doubleValue).toArray());
            Map<String, Object> latency = new LinkedHashMap<>();
            latency.put("p50", BenchReport.percentile(sorted, 50));
            latency.put("p95", BenchReport.percentile(sorted, 95));
            latency.put("p99", BenchReport.percentile(sorted, 99));
            latency.put("first", latencies.isEmpty() ? 0.0 : latencies.get(0));
            latency.put("warm_up", warmUpMs);
            f.put("latency_ms", latency);
            Map<String, Object> split = new LinkedHashMap<>();
            byGoldTables.forEach((n, b) -> split.put(n < WIDEST_BREADTH ? n.toString() : n + "+", b.figures()));
            f.put("by_gold_tables", split);
            Map<String, Object> llmSelect = llmSelectFigures();
            if (llmSelect != null) f.put("llm_select", llmSelect);
            return f;
        }

        private static String lowerCase(TableName table) {
            return table.toString().toLowerCase(Locale.ROOT);
        }
    }
}
