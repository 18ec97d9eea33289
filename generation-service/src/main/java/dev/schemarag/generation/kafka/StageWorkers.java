package dev.schemarag.generation.kafka;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that run a stage's blocking steps ({@link BufferedProcessor}), shared by every task of the process, and
 * how many records may be in the work at once, whatever the number of partitions. A record whose work waits without a
 * thread (an asynchronous LLM call) counts against {@code maxInFlight} but holds none of the {@code threads}, so a
 * stage can have hundreds of records waiting on a slow model with a handful of threads. The stream threads only hand
 * records over and collect the results.
 */
public final class StageWorkers implements AutoCloseable {
    /** Enough threads for the database steps of a stage to overlap well beyond the partitions of one process. */
    public static final int DEFAULT_CONCURRENCY = 16;

    private final Semaphore inFlight;
    private final ExecutorService threads;

    /** Workers whose records each hold a thread throughout: {@code threads} of them at once. */
    public StageWorkers(String stage, int threads) {
        this(stage, threads, threads);
    }

    /** @param stage names the threads, e.g. {@code generation-worker-1} */
    public StageWorkers(String stage, int threads, int maxInFlight) {
        if (threads < 1) throw new IllegalArgumentException("threads must be at least 1, was " + threads);
        if (maxInFlight < 1) throw new IllegalArgumentException("maxInFlight must be at least 1, was " + maxInFlight);
        this.inFlight = new Semaphore(maxInFlight);
        AtomicInteger count = new AtomicInteger();
        this.threads = Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(task, stage + "-worker-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Takes one of the process's {@code maxInFlight} places in the work for a record, if one is free; {@link #ended}
     * gives it back.
     */
    boolean tryStart() {
        return inFlight.tryAcquire();
    }

    void ended() {
        inFlight.release();
    }

    /** A new run's steps, on these threads. */
    RunSteps steps() {
        return new RunSteps(threads);
    }

    /** Interrupts the steps still going and waits up to {@code atMost} for them to end. */
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
