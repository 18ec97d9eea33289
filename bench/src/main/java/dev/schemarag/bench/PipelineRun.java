package dev.schemarag.bench;

import dev.schemarag.bench.stack.BenchStack;
import dev.schemarag.bench.stack.ServiceFleet;
import dev.schemarag.bench.stack.SettingValues;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.llm.LlmSettings;
import dev.schemarag.core.service.RuntimeSettings;
import dev.schemarag.core.service.Service;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.demo.DemoDatabase;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.QueryResult;
import dev.schemarag.events.SqlGenerated;
import dev.schemarag.generation.cache.AnswerCacheMeters;
import dev.schemarag.ingest.kafka.UpdaterMeters;
import dev.schemarag.ingest.main.IngestMain;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.retrieval.RetrievalMetrics;
import dev.schemarag.retrieval.kafka.RetrievalMeters;
import dev.schemarag.stack.ScriptedChatCompletions;
import dev.schemarag.stack.process.ServiceProcess;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * The pipeline benchmark's world: a stack of its own with the target database loaded and synced (the demo ERP
 * database, or a suite's catalog) and, for a generator of fixed latency, the scripted LLM answering valid SQL.
 * {@link #measure} runs one fleet of services as processes under its own topic prefix, times the first question after
 * their start, sends distinct questions at a steady rate with a burst of DDL changes on a probe table part-way,
 * accounts for every question and returns its figures.
 */
final class PipelineRun implements AutoCloseable {
    private static final String PROBE_TABLE = "bench_probe";
    private static final int DDL_BURST = 100;
    /** A burst spread over 5 s, so that questions are answered while the catalog changes. */
    private static final Duration DDL_PACE = Duration.ofMillis(50);
    /**
     * Changes made while the warm-up questions flow, then undone: the first changes a fleet applies compile the way of
     * a change through ingest and retrieval, which a measured burst must not pay for.
     */
    private static final int WARM_UP_DDL = 20;

    private static final Duration BURST_CATALOG_TIMEOUT = Duration.ofSeconds(60);

    private static final Duration WARM_UP_TIMEOUT = Duration.ofMinutes(2);
    /** Beyond what the questions at the generator's latency would take one after another. */
    private static final Duration SETTLE_SLACK = Duration.ofMinutes(2);

    // The marks read from the stage topics (StageTimestamps).
    private static final String CONTEXT = "context";
    private static final String CANDIDATE = "candidate";
    /** Retrieval's own time for a question, as its context reports it ({@code latency_ms}), rounded to a ms. */
    private static final String RETRIEVED_IN = "retrieved_in";

    private static final String ANSWER = "answer";
    private static final String RESULT = "result";
    private static final String STATEMENT = "statement";
    private static final String CACHED = "cached";
    private static final List<String> CACHE_RESULTS = List.of("hit", "miss", "invalidated", "rejected");

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** A measurement: its name (also its directory), topic prefix, instances per stage and extra settings by key. */
    record Measurement(String name, String topicPrefix, int instances, Map<String, String> scaling) {}

    private final Path dir;
    private final PrintWriter out;
    private final BenchStack stack;
    private final Integer llmLatencyMs;
    private final ScriptedChatCompletions llm;
    private final SuiteCatalog suite;
    /** The suite's databases file, or null for the demo (the services' default target). */
    private final Path registration;

    private final String databaseId;
    private final String cliMainClass;
    /** Questions the example-quarantine probe replays while its column is renamed. */
    private final int replay;

    private boolean synced;

    /**
     * @param suite the catalog and questions to use, or null for the demo database
     * @param llmLatencyMs the scripted LLM's latency, or null for the offline generator
     * @param cliMainClass the main class whose {@code serve <service>} runs a service
     * @param replay questions the example-quarantine probe asks while its column is renamed (0: none)
     */
    PipelineRun(Path dir, PrintWriter out, SuiteCatalog suite, Integer llmLatencyMs, String cliMainClass, int replay)
            throws IOException, SQLException {
        this.dir = dir;
        this.replay = replay;
        this.out = out;
        this.suite = suite;
        this.llmLatencyMs = llmLatencyMs;
        this.cliMainClass = cliMainClass;
        databaseId = suite == null ? DemoDatabase.ID : suite.databaseId();
        registration = suite == null ? null : dir.resolve("databases.json");
        stack = new BenchStack(dir.resolve("stack"));
        out.println("pipeline: starting a stack of its own in " + dir);
        stack.up();
        try {
            if (suite != null) loadSuite();
            llm = llmLatencyMs == null ? null : new ScriptedChatCompletions();
        } catch (IOException | SQLException | RuntimeException e) {
            stack.close();
            throw e;
        }
        if (llm != null) {
            llm.answerAnyQuestion(ChaosRun.ANSWER_SQL);
            llm.fault(ScriptedChatCompletions.Fault.SLOW, Duration.ofMillis(llmLatencyMs));
        }
    }

    /**
     * Distinct questions, {@code warmUp} of them first (answered before the measurement, to exclude start-up; the
     * first of them alone, timed as the first question after the start), then the measured ones; each measurement of
     * a run must get texts of its own.
     */
    Map<String, Object> measure(
            Measurement measurement, List<String> warmUp, List<String> questions, double questionsPerSecond)
            throws Exception {
        SettingValues values = settingValues(measurement.topicPrefix());
        Map<String, String> scaling = measurement.scaling();
        Path home = dir.resolve(measurement.name());
        try (ServiceRuntime services = new ServiceRuntime(values.settings().with(scaling), home.resolve("bench"))) {
            syncOnce(services);
            Topics topics = services.topics(); // creates the topics, under this JVM's partition settings
            appendTimeOnStageTopics(topics);
            Map<String, String> environment = new HashMap<>(values.environment());
            scaling.forEach((key, value) -> environment.put(Setting.environmentVariable(key), value));
            try (ServiceFleet fleet = new ServiceFleet(
                    ServiceFleet.pipeline(measurement.instances()),
                    environment,
                    home,
                    measurement.name() + "-",
                    cliMainClass)) {
                out.println("pipeline: " + measurement.name() + ": starting ingest and " + measurement.instances()
                        + " instance(s) each of retrieval, generation and execution (logs in " + home.resolve("logs")
                        + ")");
                fleet.start();
                return measure(services, topics, fleet, warmUp, questions, questionsPerSecond);
            }
        }
    }

    private Map<String, Object> measure(
            ServiceRuntime services,
            Topics topics,
            ServiceFleet fleet,
            List<String> warmUp,
            List<String> questions,
            double questionsPerSecond)
            throws Exception {
        String runId = Long.toString(System.currentTimeMillis(), 36);
        List<String> texts = new ArrayList<>(warmUp);
        texts.addAll(questions);
        PipelineQuestions source = new PipelineQuestions(
                runId,
                databaseId,
                texts,
                topics.questions().valueSerde().serializer(),
                topics.questions().name());
        QuestionLedger[] ledger = {new QuestionLedger()};
        try (OutcomeReader outcomes = new OutcomeReader(stack.bootstrapServers(), topics, () -> ledger[0]);
                StageTimestamps stamps = new StageTimestamps(stack.bootstrapServers(), stageTimes(topics));
                QuestionProducer producer = new QuestionProducer(
                        stack.bootstrapServers(),
                        topics.questions().name(),
                        source,
                        () -> ledger[0],
                        questionsPerSecond)) {
            producer.sendAsync(1).get();
            settle(ledger[0], WARM_UP_TIMEOUT);
            Double firstRetrievalMs = firstRetrievalMs(ledger[0], stamps);
            Long firstRetrievedInMs = firstRetrievalMs == null
                    ? null
                    : stamps.of(RETRIEVED_IN)
                            .get(ledger[0].firstOutcomes().get(0).id());
            CompletableFuture<Void> warming = producer.sendAsync(warmUp.size() - 1);
            warmUpBurst(services);
            warming.get();
            settle(ledger[0], WARM_UP_TIMEOUT);
            ledger[0] = new QuestionLedger();
            double[] cacheBefore = embeddingCache(fleet);
            Map<String, Double> answerCacheBefore = answerCacheLookups(fleet);
            NavigableMap<Double, Double> hitTimeBefore = answerCacheHitTime(fleet);
            NavigableMap<Double, Double> probeHitBefore = answerCacheProbeHitTime(fleet);
            double coalescedBefore = coalescedChanges(fleet);
            Map<String, Duration> cpuBefore = cpuTimes(fleet);
            if (llm != null) llm.resetMostConcurrentRequests();
            out.printf("pipeline: sending %d questions at %.1f/s%n", questions.size(), questionsPerSecond);
            CompletableFuture<Void> sending = producer.sendAsync(questions.size());
            int before = producer.handedOver();
            while (producer.handedOver() - before < questions.size() / 3 && !sending.isDone()) Thread.sleep(20);
            Burst burst = ddlBurst(services);
            sending.get();
            long generatorMs = llmLatencyMs == null ? 50 : llmLatencyMs + 50L;
            settle(ledger[0], SETTLE_SLACK.plusMillis(generatorMs * questions.size()));
            Thread.sleep(1_000); // stage records are committed with their outcome; give their reader a poll
            // Before the scrapes: rendering a service's /metrics costs it CPU, and the measurement's own probes are no
            // part of an answer.
            Map<String, Duration> cpuAfter = cpuTimes(fleet);
            double[] cacheAfter = embeddingCache(fleet);
            Map<String, Double> answerCacheAfter = answerCacheLookups(fleet);
            NavigableMap<Double, Double> hitTimeAfter = answerCacheHitTime(fleet);
            NavigableMap<Double, Double> probeHitAfter = answerCacheProbeHitTime(fleet);
            double coalescedAfter = coalescedChanges(fleet);
            PipelineFigures figures = new PipelineFigures(
                    ledger[0].firstOutcomes(),
                    stamps.of(CONTEXT),
                    stamps.of(CANDIDATE),
                    stamps.of(ANSWER),
                    stamps.of(RESULT),
                    stamps.of(STATEMENT));
            Map<String, Object> accounting = ledger[0].figures(List.of());
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("questions", questions.size());
            result.put("throughput_per_s", figures.throughputPerSecond());
            result.put("latency_ms", figures.latencyMs());
            result.put("stages", figures.stages());
            // How many model calls the fleet kept under way at once: bounded by generation.llm.max.in.flight.
            if (llm != null) result.put("llm_most_concurrent_requests", llm.mostConcurrentRequests());
            result.put("ddl_burst_retrieval_p99_ms", figures.retrievalP99During(burst.window()));
            double hits = cacheAfter[0] - cacheBefore[0];
            double lookups = hits + cacheAfter[1] - cacheBefore[1];
            result.put("cache_hit_rate", lookups == 0 ? null : hits / lookups);
            Map<String, Double> answerCacheLookups = new LinkedHashMap<>();
            answerCacheAfter.forEach((r, after) -> answerCacheLookups.put(r, after - answerCacheBefore.get(r)));
            result.put(
                    "answer_cache",
                    new AnswerCacheFigures(
                                    answerCacheLookups,
                                    stamps.of(CACHED).keySet(),
                                    ledger[0].firstOutcomes(),
                                    stamps.of(CONTEXT),
                                    stamps.of(CANDIDATE),
                                    stamps.of(ANSWER),
                                    hitTimeMs(probeHitBefore, probeHitAfter),
                                    hitTimeMs(hitTimeBefore, hitTimeAfter))
                            .figures());
            result.put("first_question_retrieval_ms", firstRetrievalMs);
            // Of which the retriever's own work (the rest: reading the question, the cache probe, producing).
            result.put("first_question_retrieved_in_ms", firstRetrievedInMs);
            result.put("ddl_burst_catalog_lag_ms", burst.catalogLagMs());
            // Of the burst's changes, those a refresh that began after them had already applied.
            result.put("ddl_burst_changes_coalesced", (long) (coalescedAfter - coalescedBefore));
            result.put("sent", accounting.get("sent"));
            result.put("answered", figures.answered());
            result.put("results", figures.results());
            result.put("execution_failed", figures.executionFailures());
            result.put("dead_lettered", accounting.get("dead_lettered"));
            result.put("lost", accounting.get("lost"));
            result.put("duplicated", accounting.get("duplicated"));
            result.put("results_lost", accounting.get("results_lost"));
            result.put("results_duplicated", accounting.get("results_duplicated"));
            result.put("undecoded_outputs", outcomes.undecodedCount());
            Map<String, Double> cpuPerQuestion = cpuMsPerQuestion(cpuBefore, cpuAfter, questions.size());
            result.put("cpu_ms_per_question", cpuPerQuestion);
            result.put(
                    "cpu_per_answer",
                    new CpuPerAnswer(
                                    cpuPerQuestion.get("total") * questions.size(),
                                    figures.answered(),
                                    Runtime.getRuntime().availableProcessors())
                            .figures());
            Asking asking = new Asking(topics, outcomes, ledger, runId, questionsPerSecond);
            result.put("example_quarantine", exampleQuarantine(services, runId, asking::ask));
            return result;
        }
    }

    /**
     * CPU time used so far by each service (its instances summed), by PostgreSQL (the server and its sessions), and
     * by this JVM, which runs the broker, the schema registry and the benchmark's own clients.
     */
    private Map<String, Duration> cpuTimes(ServiceFleet fleet) {
        Map<String, Duration> cpu = new LinkedHashMap<>();
        for (Service service : ServiceFleet.pipeline(1).keySet())
            cpu.put(
                    service.id(),
                    fleet.instances(service).stream()
                            .flatMap(p -> p.pid().stream().boxed())
                            .map(pid -> ProcessCpu.of(pid).orElse(Duration.ZERO))
                            .reduce(Duration.ZERO, Duration::plus));
        stack.postgres().postmasterPid().ifPresent(pid -> ProcessCpu.ofTree(pid)
                .ifPresent(time -> cpu.put("postgres", time)));
        ProcessCpu.of(ProcessHandle.current().pid()).ifPresent(time -> cpu.put("broker_registry_and_bench", time));
        return cpu;
    }

    /** Per process, the CPU used between the two readings over the questions sent, and their total. */
    static Map<String, Double> cpuMsPerQuestion(
            Map<String, Duration> before, Map<String, Duration> after, int questions) {
        Map<String, Double> perQuestion = new LinkedHashMap<>();
        double total = 0;
        for (Map.Entry<String, Duration> reading : after.entrySet()) {
            Duration from = before.get(reading.getKey());
            if (from == null) continue;
            double ms = (double) reading.getValue().minus(from).toMillis() / questions;
            perQuestion.put(reading.getKey(), ms);
            total += ms;
        }
        perQuestion.put("total", total);
        return perQuestion;
    }

    /**
     * The context topic stamps each record with the time the broker appended it: Kafka Streams passes the question's
     * timestamp on to every record it derives, which would make retrieval take no time.
     */
    private void appendTimeOnStageTopics(Topics topics) throws InterruptedException, ExecutionException {
        AlterConfigOp appendTime = new AlterConfigOp(
                new ConfigEntry(TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG, "LogAppendTime"), AlterConfigOp.OpType.SET);
        ConfigResource contexts = new ConfigResource(
                ConfigResource.Type.TOPIC, topics.contextRetrieved().name());
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers()))) {
            admin.incrementalAlterConfigs(Map.of(contexts, List.of(appendTime)))
                    .all()
                    .get();
        }
    }

    /**
     * Retrieval ends when its context is appended; generation when the first SQL candidate came back (the candidate's
     * {@code generatedAt}); validation when the answer passed it (the answer's {@code timestamp}). Generation runs
     * the LLM call and the checks in one task, so only the records' own times can tell them apart. Execution ends when
     * the result was made (the result's {@code timestamp}, set once its rows were read); the result also carries how
     * long its statement ran ({@code executionMs}), the part of execution that is not the hop between the stages.
     */
    private static Map<String, StageTimestamps.Mark> stageTimes(Topics topics) {
        Deserializer<SqlGenerated> candidates =
                topics.sqlGenerated().valueSerde().deserializer();
        Deserializer<AnswerValidated> answers = topics.answers().valueSerde().deserializer();
        String sqlTopic = topics.sqlGenerated().name();
        String answerTopic = topics.answers().name();
        Deserializer<QueryResult> results = topics.results().valueSerde().deserializer();
        String resultTopic = topics.results().name();
        Map<String, StageTimestamps.Mark> marks = new LinkedHashMap<>();
        marks.put(CONTEXT, new StageTimestamps.Mark(topics.contextRetrieved().name(), StageTimestamps.APPENDED));
        Deserializer<ContextRetrieved> contexts =
                topics.contextRetrieved().valueSerde().deserializer();
        String contextTopic = topics.contextRetrieved().name();
        // Only the first question's is reported: later contexts are not decoded again for it (the benchmark's CPU is
        // one of the figures).
        AtomicBoolean firstRead = new AtomicBoolean();
        marks.put(
                RETRIEVED_IN,
                new StageTimestamps.Mark(
                        contextTopic,
                        r -> firstRead.getAndSet(true)
                                ? Optional.empty()
                                : decoded(() -> contexts.deserialize(contextTopic, r.value()))
                                        .map(c -> c.getRetrievalMetadata()
                                                .getMetrics()
                                                .get(RetrievalMetrics.LATENCY_MS))
                                        .map(Math::round)));
        marks.put(CANDIDATE, new StageTimestamps.Mark(sqlTopic, r -> decoded(
                        () -> candidates.deserialize(sqlTopic, r.value()))
                .filter(c -> c.getAttempt() == 1 && c.getGeneratedAt() != null)
                .map(c -> c.getGeneratedAt().toEpochMilli())));
        marks.put(ANSWER, new StageTimestamps.Mark(answerTopic, r -> decoded(
                        () -> answers.deserialize(answerTopic, r.value()))
                .map(a -> a.getTimestamp().toEpochMilli())));
        marks.put(CACHED, new StageTimestamps.Mark(answerTopic, r -> decoded(
                        () -> answers.deserialize(answerTopic, r.value()))
                .filter(a -> a.getCachedFrom() != null)
                .map(a -> a.getTimestamp().toEpochMilli())));
        marks.put(RESULT, new StageTimestamps.Mark(resultTopic, r -> decoded(
                        () -> results.deserialize(resultTopic, r.value()))
                .map(q -> q.getTimestamp().toEpochMilli())));
        marks.put(STATEMENT, new StageTimestamps.Mark(resultTopic, r -> decoded(
                        () -> results.deserialize(resultTopic, r.value()))
                .map(QueryResult::getExecutionMs)));
        return marks;
    }

    /** An undecodable stage record marks no stage; {@link OutcomeReader} counts undecodable outcomes. */
    private static <T> Optional<T> decoded(java.util.function.Supplier<T> decode) {
        try {
            return Optional.ofNullable(decode.get());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Sent to context appended for the only question of {@code ledger}, once its context has been read. */
    private static Double firstRetrievalMs(QuestionLedger ledger, StageTimestamps stamps) throws InterruptedException {
        List<QuestionLedger.Outcome> outcomes = ledger.firstOutcomes();
        if (outcomes.isEmpty()) return null;
        QuestionLedger.Outcome first = outcomes.get(0);
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!stamps.of(CONTEXT).containsKey(first.id()) && System.nanoTime() < deadline) Thread.sleep(20);
        Long appended = stamps.of(CONTEXT).get(first.id());
        return appended == null ? null : (double) (appended - first.sentAtMs());
    }

    /**
     * The burst's window, and how long after its last change (a comment) ingest had that change in the store: null
     * when not within {@code BURST_CATALOG_TIMEOUT}.
     */
    private record Burst(PipelineFigures.Window window, Long catalogLagMs) {}

    /** {@value #DDL_BURST} changes on the probe table, one every {@code DDL_PACE}; returns when they ran. */
    private Burst ddlBurst(ServiceRuntime services) throws SQLException, InterruptedException {
        long from = System.currentTimeMillis();
        DdlBurst burst = new DdlBurst(PROBE_TABLE, from);
        out.println("pipeline: " + DDL_BURST + " DDL changes on " + PROBE_TABLE + " while questions flow");
        long committed = executePaced(burst.changes(DDL_BURST));
        PipelineFigures.Window window = new PipelineFigures.Window(from, System.currentTimeMillis());
        Optional<Long> seen = ProbeComment.awaitMarker(
                services.store(), databaseId, PROBE_TABLE, burst.marker(DDL_BURST - 1), BURST_CATALOG_TIMEOUT);
        return new Burst(window, seen.map(at -> at - committed).orElse(null));
    }

    /**
     * After the measurement, with no question in flight: how long a rename takes to quarantine the served examples
     * that read the column, and renaming it back to restore them, with the replay's figures; null without such examples
     * (a suite's catalog).
     */
    private Map<String, Object> exampleQuarantine(
            ServiceRuntime services, String runId, ExampleQuarantineProbe.Asker asker) throws Exception {
        try (Connection c = stack.postgres().connect(databaseId)) {
            Optional<ExampleQuarantineProbe.Figures> figures = ExampleQuarantineProbe.run(
                    services.store(), c, databaseId, BURST_CATALOG_TIMEOUT, replay, runId, asker);
            if (figures.isEmpty()) out.println("pipeline: no served example reads a column to rename");
            return figures.map(ExampleQuarantineProbe.Figures::asMap).orElse(null);
        }
    }

    /**
     * Asks batches of questions after the measurement, through the measurement's outcome reader, each batch with a
     * ledger of its own, and keeps every answer of theirs. The scripted LLM, when there is one, answers each question
     * with its example's SQL, so that its cached answer reads what the example reads.
     */
    private final class Asking {
        private final Topics topics;
        private final OutcomeReader outcomes;
        private final QuestionLedger[] ledger;
        private final String runId;
        private final double questionsPerSecond;
        private int batches;

        Asking(
                Topics topics,
                OutcomeReader outcomes,
                QuestionLedger[] ledger,
                String runId,
                double questionsPerSecond) {
            this.topics = topics;
            this.outcomes = outcomes;
            this.ledger = ledger;
            this.runId = runId;
            this.questionsPerSecond = questionsPerSecond;
        }

        List<List<AnswerValidated>> ask(List<ReplayQuestions.Question> questions) throws Exception {
            if (llm != null) questions.forEach(q -> llm.answer(q.marker(), q.sql()));
            String batch = runId + "-replay" + batches++;
            PipelineQuestions source = new PipelineQuestions(
                    batch,
                    databaseId,
                    questions.stream().map(ReplayQuestions.Question::text).toList(),
                    topics.questions().valueSerde().serializer(),
                    topics.questions().name());
            Map<String, List<AnswerValidated>> answers = new ConcurrentHashMap<>();
            ledger[0] = new QuestionLedger();
            outcomes.onAnswer(a -> answers.computeIfAbsent(a.getCorrelationId(), id -> new CopyOnWriteArrayList<>())
                    .add(a));
            try (QuestionProducer producer = new QuestionProducer(
                    stack.bootstrapServers(), topics.questions().name(), source, () -> ledger[0], questionsPerSecond)) {
                out.printf("pipeline: asking %d questions made from the examples%n", questions.size());
                producer.sendAsync(questions.size()).get();
                long generatorMs = llmLatencyMs == null ? 50 : llmLatencyMs + 50L;
                settle(ledger[0], SETTLE_SLACK.plusMillis(generatorMs * questions.size()));
            } finally {
                outcomes.onAnswer(null);
            }
            List<List<AnswerValidated>> byQuestion = new ArrayList<>();
            for (int i = 0; i < questions.size(); i++)
                byQuestion.add(List.copyOf(answers.getOrDefault(batch + "-" + i, List.of())));
            return byQuestion;
        }
    }

    /** {@value #WARM_UP_DDL} changes on the probe table, undone, paced like the burst; returns once ingest stored them. */
    private void warmUpBurst(ServiceRuntime services) throws SQLException, InterruptedException {
        DdlBurst burst = new DdlBurst(PROBE_TABLE, System.currentTimeMillis());
        executePaced(burst.reversible(WARM_UP_DDL));
        if (ProbeComment.awaitMarker(
                        services.store(), databaseId, PROBE_TABLE, burst.marker(WARM_UP_DDL + 1), BURST_CATALOG_TIMEOUT)
                .isEmpty())
            out.println("pipeline: the warm-up changes did not reach the store in " + BURST_CATALOG_TIMEOUT);
    }

    /** Runs the statements on the benchmark's database, one every {@code DDL_PACE}; the time the last one committed. */
    private long executePaced(List<String> statements) throws SQLException, InterruptedException {
        long lastCommitted = 0;
        try (Connection c = stack.postgres().connect(databaseId);
                Statement s = c.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
                lastCommitted = System.currentTimeMillis();
                Thread.sleep(DDL_PACE.toMillis());
            }
        }
        return lastCommitted;
    }

    /** Until every acknowledged question has an output, within the timeout. */
    private void settle(QuestionLedger ledger, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (ledger.pending() > 0 && System.nanoTime() < deadline) Thread.sleep(100);
        if (ledger.pending() > 0)
            out.println("pipeline: " + ledger.pending() + " questions without an outcome after " + timeout);
    }

    /** Hits and misses of the retrieval instances' embedding caches, from their {@code /metrics}. */
    private static double[] embeddingCache(ServiceFleet fleet) throws IOException, InterruptedException {
        String series = RetrievalMeters.EMBEDDING_CACHE.replace('.', '_') + "_total";
        double[] counts = new double[2];
        for (String body : metrics(fleet, Service.RETRIEVAL)) {
            counts[0] += PrometheusText.sum(body, series, "result=\"hit\"");
            counts[1] += PrometheusText.sum(body, series, "result=\"miss\"");
        }
        return counts;
    }

    /** Changes the ingest updater found applied by a refresh that began after them, so far, from its {@code /metrics}. */
    private static double coalescedChanges(ServiceFleet fleet) throws IOException, InterruptedException {
        String series = UpdaterMeters.COALESCED.replace('.', '_') + "_total";
        double coalesced = 0;
        for (String body : metrics(fleet, Service.INGEST)) coalesced += PrometheusText.sum(body, series, "");
        return coalesced;
    }

    /** The answer cache's lookups of the generation instances so far, by result, from their {@code /metrics}. */
    private static Map<String, Double> answerCacheLookups(ServiceFleet fleet) throws IOException, InterruptedException {
        String series = AnswerCacheMeters.LOOKUPS.replace('.', '_') + "_total";
        Map<String, Double> lookups = new LinkedHashMap<>();
        CACHE_RESULTS.forEach(r -> lookups.put(r, 0.0));
        for (String body : metrics(fleet, Service.GENERATION))
            for (String result : CACHE_RESULTS)
                lookups.merge(result, PrometheusText.sum(body, series, "result=\"" + result + "\""), Double::sum);
        return lookups;
    }

    /** Generation's hit-path timer as a histogram: its instances' cumulative bucket counts summed. */
    private static NavigableMap<Double, Double> answerCacheHitTime(ServiceFleet fleet)
            throws IOException, InterruptedException {
        return histogram(fleet, Service.GENERATION, AnswerCacheMeters.HIT_TIME, "");
    }

    /** Retrieval's timer of the probes that found an entry: its whole part of a hit. */
    private static NavigableMap<Double, Double> answerCacheProbeHitTime(ServiceFleet fleet)
            throws IOException, InterruptedException {
        return histogram(fleet, Service.RETRIEVAL, RetrievalMeters.ANSWER_CACHE_PROBE, "result=\"hit\"");
    }

    /** A timer of {@code service} as a histogram: its instances' cumulative bucket counts summed. */
    private static NavigableMap<Double, Double> histogram(
            ServiceFleet fleet, Service service, String timer, String label) throws IOException, InterruptedException {
        String series = timer.replace('.', '_') + "_seconds";
        NavigableMap<Double, Double> buckets = new TreeMap<>();
        for (String body : metrics(fleet, service))
            PrometheusText.buckets(body, series, label).forEach((le, count) -> buckets.merge(le, count, Double::sum));
        return buckets;
    }

    /** p50 and p99 in ms of the hit-path timer between two readings: bucket upper bounds, null without hits. */
    private static Map<String, Double> hitTimeMs(
            NavigableMap<Double, Double> before, NavigableMap<Double, Double> after) {
        Map<String, Double> figures = new LinkedHashMap<>();
        for (Map.Entry<String, Double> q : Map.of("p50", 0.5, "p99", 0.99).entrySet()) {
            Double seconds = PrometheusText.quantile(before, after, q.getValue());
            figures.put(q.getKey(), seconds == null ? null : seconds * 1000);
        }
        return figures;
    }

    /** {@code /metrics} of each instance of {@code service}; a loaded machine may take seconds to answer. */
    private static List<String> metrics(ServiceFleet fleet, Service service) throws IOException, InterruptedException {
        List<String> bodies = new ArrayList<>();
        for (ServiceProcess p : fleet.instances(service)) {
            Optional<URI> admin = p.adminUrl();
            if (admin.isEmpty()) throw new IllegalStateException(p.service() + " announced no admin endpoint");
            HttpRequest request = HttpRequest.newBuilder(admin.get().resolve("/metrics"))
                    .timeout(Duration.ofSeconds(30))
                    .GET()
                    .build();
            bodies.add(HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body());
        }
        return bodies;
    }

    /** {@code count} distinct questions: the suite's, or made from the demo's catalog. */
    List<String> questions(int count) throws Exception {
        if (suite == null) return catalogQuestions(count);
        List<String> texts = suite.distinctQuestions();
        if (texts.size() < count)
            throw new IllegalArgumentException(suite.name() + " has " + texts.size() + " distinct questions, not "
                    + count + " (warm-up and measured questions of both measurements); ask for fewer");
        return texts.subList(0, count);
    }

    /** Distinct questions about the demo's tables and columns (the probe table left out), as the catalog holds them. */
    private List<String> catalogQuestions(int count) throws Exception {
        try (ServiceRuntime services =
                new ServiceRuntime(settingValues("bench-catalog.").settings(), dir.resolve("catalog"))) {
            syncOnce(services);
            List<CatalogQuestions.Table> tables =
                    PrincipalCostBenchmark.storedTables(services.store(), DemoDatabase.ID).stream()
                            .filter(t -> !t.name().equals(PROBE_TABLE))
                            .toList();
            return CatalogQuestions.take(tables, count);
        }
    }

    /**
     * The suite's schemas as a database of their own with the probe table in {@code public}, readable by the
     * least-privilege reader, and a databases file registering it.
     */
    private void loadSuite() throws IOException, SQLException {
        out.println("pipeline: loading " + suite.name() + " into database " + databaseId);
        List<String> schemas = new ArrayList<>(suite.schemas());
        schemas.add("public");
        stack.postgres().createDatabaseIfMissing(databaseId);
        try (Connection c = stack.postgres().connect(databaseId)) {
            suite.loadInto(c);
            String readerPassword = RuntimeSettings.READER_PASSWORD.defaultValue();
            ReaderRole.grant(c, databaseId, schemas, readerPassword);
            RegisteredDatabase db = new RegisteredDatabase(
                    databaseId,
                    stack.postgres().jdbcUrl(databaseId),
                    new Credentials(stack.postgres().user(), stack.postgres().password()),
                    new Credentials(ReaderRole.NAME, readerPassword),
                    schemas,
                    null,
                    null);
            SuiteCatalog.writeRegistration(db, registration);
        }
    }

    private void syncOnce(ServiceRuntime services) throws Exception {
        if (synced) return;
        out.println("pipeline: syncing database " + databaseId + " (probe table " + PROBE_TABLE + " added)");
        DatabaseRegistry databases =
                registration == null ? TargetDatabases.load(services) : DatabaseRegistry.load(registration);
        try (Connection c = stack.postgres().connect(databaseId);
                Statement s = c.createStatement()) {
            s.execute(new DdlBurst(PROBE_TABLE, 0).createProbeTable());
        }
        try (IngestService ingest = IngestMain.service(services, databases)) {
            ingest.sync(databaseId, SyncProgress.NONE);
        }
        synced = true;
    }

    /** Where every process of a measurement points, and its generator: offline, or the scripted LLM. */
    private SettingValues settingValues(String topicPrefix) {
        SettingValues values = new SettingValues(stack.settingValues(topicPrefix));
        if (registration != null) values = values.with(RuntimeSettings.DATABASES_FILE, registration.toString());
        if (llm == null) return values.with(LlmSettings.BASE_URL, "");
        Map<Setting<?>, String> llmValues = new LinkedHashMap<>();
        llmValues.put(LlmSettings.BASE_URL, llm.baseUrl().toString());
        llmValues.put(LlmSettings.API_KEY, "bench");
        llmValues.put(LlmSettings.MODEL, "scripted");
        return values.withAll(llmValues);
    }

    @Override
    public void close() {
        try {
            if (llm != null) llm.close();
        } finally {
            stack.close();
        }
    }
}
