package dev.schemarag.generation.kafka;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that run a stage's blocking work ({@link BufferedProcessor}), shared by every task of the process: at
 * most {@code concurrency} records are in the work at once, whatever the number of partitions. The stream threads
 * only hand records over and collect the results, so that LLM calls and statements overlap without holding a poll
 * loop.
 */
public final class StageWorkers implements AutoCloseable {
    /** Enough for a remote LLM's latency to overlap well beyond the partitions of one process. */
    public static final int DEFAULT_CONCURRENCY = 16;

    private final int concurrency;
    private final ExecutorService threads;

    /** @param stage names the threads, e.g. {@code generation-worker-1} */
    public StageWorkers(String stage, int concurrency) {
        if (concurrency < 1) throw new IllegalArgumentException("concurrency must be at least 1, was " + concurrency);
        this.concurrency = concurrency;
        AtomicInteger count = new AtomicInteger();
        this.threads = Executors.newFixedThreadPool(concurrency, task -> {
            Thread thread = new Thread(task, stage + "-worker-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** How many records may run at once; also the most one task keeps submitted, so no task starves another. */
    public int concurrency() {
        return concurrency;
    }

    Future<?> submit(Runnable run) {
        return threads.submit(run);
    }

    /** Interrupts the runs still going and waits up to {@code atMost} for them to end. */
    public void close(Duration atMost) {
        threads.shutdownNow();
        try {
            threads.awaitTermination(atMost.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(5));
    }
}
