package dev.schemarag.generation.kafka;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that run the answer pipeline, shared by every task of the process: at most {@code concurrency}
 * questions are in generation and validation at once, whatever the number of partitions. The stream threads only
 * hand questions over and collect the results, so that LLM calls overlap without holding a poll loop.
 */
public final class AnswerWorkers implements AutoCloseable {
    /** Enough for a remote LLM's latency to overlap well beyond the partitions of one process. */
    public static final int DEFAULT_CONCURRENCY = 16;

    private final int concurrency;
    private final ExecutorService threads;

    public AnswerWorkers(int concurrency) {
        if (concurrency < 1) throw new IllegalArgumentException("concurrency must be at least 1, was " + concurrency);
        this.concurrency = concurrency;
        AtomicInteger count = new AtomicInteger();
        this.threads = Executors.newFixedThreadPool(concurrency, task -> {
            Thread thread = new Thread(task, "generation-worker-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** How many questions may run at once; also the most one task keeps submitted, so no task starves another. */
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
