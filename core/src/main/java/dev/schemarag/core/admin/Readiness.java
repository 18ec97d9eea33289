package dev.schemarag.core.admin;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a service's readiness checks side by side, each within {@code timeout}: a store or registry that hangs makes
 * its check down instead of making the probe itself time out.
 */
public final class Readiness implements AutoCloseable {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);

    private final List<ReadinessCheck> checks;
    private final Duration timeout;
    private final ExecutorService workers;

    public Readiness(List<ReadinessCheck> checks, Duration timeout) {
        this.checks = List.copyOf(checks);
        this.timeout = timeout;
        AtomicInteger threads = new AtomicInteger();
        this.workers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "readiness-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public Readiness(List<ReadinessCheck> checks) {
        this(checks, DEFAULT_TIMEOUT);
    }

    public ReadinessReport evaluate() {
        List<CompletableFuture<CheckResult>> running = new ArrayList<>();
        for (ReadinessCheck check : checks)
            running.add(CompletableFuture.supplyAsync(() -> run(check), workers)
                    .completeOnTimeout(
                            CheckResult.down("no answer within " + timeout.toMillis() + " ms"),
                            timeout.toMillis(),
                            TimeUnit.MILLISECONDS));
        List<ReadinessReport.Entry> entries = new ArrayList<>();
        for (int i = 0; i < checks.size(); i++)
            entries.add(new ReadinessReport.Entry(
                    checks.get(i).name(), running.get(i).join()));
        return new ReadinessReport(entries);
    }

    private static CheckResult run(ReadinessCheck check) {
        try {
            return check.check();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CheckResult.down("interrupted");
        } catch (Exception e) {
            return CheckResult.down(e.getClass().getSimpleName()); // the message may name hosts or SQL
        }
    }

    @Override
    public void close() {
        workers.shutdownNow();
    }
}
