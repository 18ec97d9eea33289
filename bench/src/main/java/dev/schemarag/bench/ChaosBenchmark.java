package dev.schemarag.bench;

import dev.schemarag.core.service.ServiceRuntime;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code schemarag bench chaos}: every fault once, one after another, while questions flow at a steady rate, on a
 * stack of its own under a fresh directory {@code .schemarag-chaos/<time>} (its logs are kept there; its data is deleted at the end).
 */
public final class ChaosBenchmark {
    /** The questions are spread so that the run lasts about this long, plus the recoveries it waits for. */
    private static final double PLANNED_SECONDS = 200;

    static final Duration RECOVERY_TIMEOUT = Duration.ofMinutes(3);
    static final Duration SETTLE_TIMEOUT = Duration.ofMinutes(5);

    private ChaosBenchmark() {}

    /**
     * @param out where the run's progress goes
     * @param cliMainClass the main class whose {@code serve <service>} runs a service
     */
    public static BenchReport run(int questions, PrintWriter out, String cliMainClass) throws Exception {
        if (questions < 100) throw new IllegalArgumentException("bench chaos needs --questions 100 or more");
        List<ChaosFault> faults = List.of(ChaosFault.values());
        int perFault = questions / (faults.size() + 1);
        int warmUp = questions - perFault * faults.size();
        double rate = Math.max(1.0, questions / PLANNED_SECONDS);
        // Not a temporary directory: PostgreSQL runs as its own OS user, who must be able to reach its data.
        Path dir = Files.createDirectories(ServiceRuntime.home()
                .resolve(".schemarag-chaos")
                .resolve(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)
                        .format(LocalDateTime.now())));
        long started = System.nanoTime();
        Map<String, Object> figures;
        try (ChaosRun run = ChaosRun.start(dir, out, rate, cliMainClass, Map.of())) {
            figures = run.measure(faults, warmUp, perFault, RECOVERY_TIMEOUT, SETTLE_TIMEOUT);
        }
        deleteTree(dir.resolve("stack"));
        BenchReport report = new BenchReport(
                "bench chaos (" + questions + " questions at " + String.format(Locale.ROOT, "%.1f", rate) + "/s, "
                        + faults.size() + " faults; logs in " + dir.resolve("logs") + ")");
        report.put("questions_per_s", rate);
        figures.forEach(report::put);
        report.put("seconds", (System.nanoTime() - started) / 1e9);
        return report;
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
