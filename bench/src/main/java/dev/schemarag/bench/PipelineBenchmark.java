package dev.schemarag.bench;

import dev.schemarag.core.config.Setting;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.stack.Directories;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code schemarag bench pipeline}: distinct questions at a steady rate through ingest, retrieval, generation and
 * execution run as processes on a stack of its own (under {@code .schemarag-bench/<time>}, logs kept, data deleted at
 * the end), then the same on one partition, one stream thread and one instance as the baseline, in the same process.
 */
public final class PipelineBenchmark {
    /**
     * Questions answered before each measurement, at its rate, and not counted: partitions assigned, models and catalogs
     * loaded, and the shared broker's request paths compiled. With only a few, the first measurement ran while the
     * broker's JIT compiler still worked, and measured worse than the same settings measured second. The JIT compilers
     * go on for minutes at these rates: a longer warm-up measures a fleet closer to its steady state.
     */
    public static final int DEFAULT_WARM_UP = 100;

    /** Settings by key that scale a service; the baseline pins both to 1. */
    static final List<String> SCALING_KEYS = List.of("topic.partitions", "stream.threads");

    private PipelineBenchmark() {}

    /** Questions the example-quarantine probe replays while its column is renamed, unless told otherwise. */
    public static final int DEFAULT_REPLAY = 200;

    /** Measured questions per measurement when none are asked for, on the demo. */
    static final int DEFAULT_QUESTIONS = 1500;

    /**
     * @param suite the catalog and questions to use, or null for the demo database
     * @param questions measured questions per measurement, or null for the default: {@value #DEFAULT_QUESTIONS} on the
     *     demo, as many as a suite's questions allow
     * @param warmUp questions answered before each measurement and not counted
     * @param llmLatencyMs the scripted LLM's latency, or null for the offline generator
     * @param repeatFraction the share of the measured questions that repeat a warm-up question (see
     *     {@link PipelineQuestions#withRepeats}), for the answer cache's hit path
     * @param replay questions the example-quarantine probe asks while its column is renamed (0: none)
     * @param out where the run's progress goes
     * @param cliMainClass the main class whose {@code serve <service>} runs a service
     */
    public static BenchReport run(
            SuiteCatalog suite,
            Integer questions,
            int warmUp,
            double rate,
            int instances,
            Integer llmLatencyMs,
            double repeatFraction,
            int replay,
            PrintWriter out,
            String cliMainClass)
            throws Exception {
        if (questions == null)
            questions = suite == null
                    ? DEFAULT_QUESTIONS
                    : suite.distinctQuestions().size() / 2 - warmUp;
        Path dir = Files.createDirectories(ServiceRuntime.home()
                .resolve(".schemarag-bench")
                .resolve("pipeline-"
                        + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)
                                .format(LocalDateTime.now())));
        Map<String, Object> figures = measure(
                dir,
                suite,
                questions,
                warmUp,
                rate,
                instances,
                llmLatencyMs,
                repeatFraction,
                replay,
                out,
                cliMainClass);
        Directories.deleteRecursively(dir.resolve("stack"));
        BenchReport report = new BenchReport("bench pipeline ("
                + (suite == null ? "demo" : suite.name()) + ", " + questions + " questions at " + rate + "/s after "
                + warmUp + " warm-up questions, "
                + instances + " instance(s) per stage, "
                + (llmLatencyMs == null ? "offline generator" : "scripted LLM at " + llmLatencyMs + " ms")
                + (repeatFraction > 0 ? ", " + repeatFraction + " of them repeated" : "")
                + "; logs in " + dir + ")");
        figures.forEach(report::put);
        return report;
    }

    /** Both measurements on one stack under {@code dir}; the figures in the report's order. */
    public static Map<String, Object> measure(
            Path dir,
            SuiteCatalog suite,
            int questions,
            int warmUp,
            double rate,
            int instances,
            Integer llmLatencyMs,
            double repeatFraction,
            int replay,
            PrintWriter out,
            String cliMainClass)
            throws Exception {
        if (questions < 1 || warmUp < 1 || rate <= 0 || instances < 1)
            throw new IllegalArgumentException(
                    "bench pipeline needs --questions, --warm-up, --rate and --instances above 0");
        if (repeatFraction < 0 || repeatFraction > 1)
            throw new IllegalArgumentException("--repeat-fraction must be within [0, 1]");
        if (replay < 0) throw new IllegalArgumentException("--replay cannot be negative");
        if (llmLatencyMs != null && llmLatencyMs < 0)
            throw new IllegalArgumentException("--llm-latency-ms cannot be negative");
        try (PipelineRun run = new PipelineRun(dir, out, suite, llmLatencyMs, cliMainClass, replay)) {
            List<String> texts = run.questions(2 * (warmUp + questions));
            int half = warmUp + questions;
            Map<String, Object> scaled = run.measure(
                    new PipelineRun.Measurement("scaled", "bench-pipeline.", instances, userScaling()),
                    texts.subList(0, warmUp),
                    PipelineQuestions.withRepeats(
                            texts.subList(0, warmUp), texts.subList(warmUp, half), repeatFraction),
                    rate);
            Map<String, Object> baseline = run.measure(
                    new PipelineRun.Measurement("baseline", "bench-baseline.", 1, pinnedToOne()),
                    texts.subList(half, half + warmUp),
                    PipelineQuestions.withRepeats(
                            texts.subList(half, half + warmUp), texts.subList(half + warmUp, 2 * half), repeatFraction),
                    rate);
            Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("questions", questions);
            figures.put("instances", instances);
            figures.putAll(scaled);
            figures.put("warm_up", warmUp);
            figures.put("llm_latency_ms", llmLatencyMs);
            figures.put("repeat_fraction", repeatFraction);
            figures.put("replay", replay);
            figures.put("rate", rate);
            figures.put("suite", suite == null ? "demo" : suite.name());
            baseline.put("instances", 1);
            figures.put("baseline", baseline);
            return figures;
        }
    }

    /** The user's partitions and stream threads, when set, so that this JVM creates the topics as the services would. */
    private static Map<String, String> userScaling() {
        Map<String, String> scaling = new LinkedHashMap<>();
        for (String key : SCALING_KEYS) {
            String value = System.getProperty(key, System.getenv(Setting.environmentVariable(key)));
            if (value != null) scaling.put(key, value);
        }
        return scaling;
    }

    private static Map<String, String> pinnedToOne() {
        Map<String, String> scaling = new LinkedHashMap<>();
        SCALING_KEYS.forEach(key -> scaling.put(key, "1"));
        return scaling;
    }
}
