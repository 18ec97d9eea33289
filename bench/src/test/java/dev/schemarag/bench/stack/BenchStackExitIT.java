package dev.schemarag.bench.stack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.stack.Directories;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** A benchmark stopped with SIGTERM (as Ctrl-C stops it) leaves neither its services nor its PostgreSQL running. */
class BenchStackExitIT {
    @Test
    void anInterruptedBenchmarkStopsItsServicesAndItsStack() throws Exception {
        Path dir = Path.of("target", "bench-stack-exit-it").toAbsolutePath();
        Directories.deleteRecursively(dir);
        Process bench = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        BenchStackExitMain.class.getName(),
                        dir.resolve("stack").toString())
                .redirectErrorStream(true)
                .start();
        CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> readyLine(bench));
        ProcessHandle postgres;
        ProcessHandle service;
        try {
            String[] pids = ready.get(3, TimeUnit.MINUTES).split(" ");
            postgres = ProcessHandle.of(Long.parseLong(pids[1])).orElseThrow();
            service = ProcessHandle.of(Long.parseLong(pids[2])).orElseThrow();
        } finally {
            bench.destroy(); // SIGTERM, as Ctrl-C
        }
        try {
            assertThat(bench.waitFor(BenchStack.EXIT_GRACE.toSeconds() + 60, TimeUnit.SECONDS))
                    .as("the benchmark's JVM exits on SIGTERM")
                    .isTrue();
            assertThat(gone(service, Duration.ofSeconds(5)))
                    .as("its service process is stopped")
                    .isTrue();
            assertThat(gone(postgres, Duration.ofSeconds(30)))
                    .as("its PostgreSQL server is stopped")
                    .isTrue();
        } finally {
            service.destroyForcibly();
            postgres.destroy();
        }
    }

    /** The {@code ready <postmaster pid> <service pid>} line; the output after it is drained, so the JVM never blocks. */
    private static String readyLine(Process bench) {
        BufferedReader lines =
                new BufferedReader(new InputStreamReader(bench.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder before = new StringBuilder();
        try {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                before.append(line).append('\n');
                if (line.startsWith("ready ")) {
                    Thread drain = new Thread(() -> drain(lines), "bench-output-drain");
                    drain.setDaemon(true);
                    drain.start();
                    return line;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("the benchmark's JVM ended before it was ready:\n" + before);
    }

    private static void drain(BufferedReader lines) {
        try {
            while (lines.readLine() != null) {
                // the output of a JVM being stopped: not needed
            }
        } catch (IOException closed) {
            // the JVM ended
        }
    }

    private static boolean gone(ProcessHandle process, Duration within) throws InterruptedException {
        try {
            process.onExit().get(within.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return !process.isAlive();
        }
    }
}
