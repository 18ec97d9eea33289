package dev.schemarag.generation.postgres;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Samples, every few milliseconds, the private memory (RssAnon: what palloc takes, not the shared buffers every
 * backend maps) of the PostgreSQL backends of one role, from /proc, and keeps the highest value seen. Backends are
 * found by their process title ("postgres: role database ..."), so new pooled sessions are sampled too.
 */
final class BackendMemorySampler implements AutoCloseable {
    private static final Path PROC = Path.of("/proc");
    private static final long INTERVAL_MS = 5;

    private final String titlePrefix;
    private final AtomicLong peakKb = new AtomicLong();
    private final Thread thread;
    private volatile boolean running = true;

    BackendMemorySampler(String role, String database) {
        this.titlePrefix = "postgres: " + role + " " + database + " ";
        this.thread = new Thread(this::sampleUntilClosed, "backend-memory-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    /** The highest private memory of one backend since the last reset, in kB. */
    long peakKb() {
        return peakKb.get();
    }

    void reset() {
        peakKb.set(0);
    }

    private void sampleUntilClosed() {
        while (running) {
            try (DirectoryStream<Path> processes = Files.newDirectoryStream(PROC, "[0-9]*")) {
                for (Path process : processes) {
                    long kb = rssAnonKb(process);
                    if (kb > 0) peakKb.accumulateAndGet(kb, Math::max);
                }
                Thread.sleep(INTERVAL_MS);
            } catch (IOException e) {
                throw new IllegalStateException("cannot read /proc", e);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The process's RssAnon in kB when it is one of the role's backends, else 0 (also when it just exited). */
    private long rssAnonKb(Path process) {
        try {
            String title = new String(Files.readAllBytes(process.resolve("cmdline")), StandardCharsets.UTF_8);
            if (!title.startsWith(titlePrefix)) return 0;
            for (String line : Files.readAllLines(process.resolve("status"))) {
                if (line.startsWith("RssAnon:")) return Long.parseLong(line.replaceAll("\\D", ""));
            }
            return 0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    @Override
    public void close() {
        running = false;
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
