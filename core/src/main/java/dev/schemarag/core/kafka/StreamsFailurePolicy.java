package dev.schemarag.core.kafka;

import dev.schemarag.core.retry.Backoff;
import dev.schemarag.core.retry.TransientFailures;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a Kafka Streams client does when an exception escapes a stream thread. A transient fault (a Kafka
 * {@link RetriableException}, a timeout, I/O, a transient SQL state anywhere in the cause chain) replaces the thread
 * after a growing pause, so the task resumes from its last commit. Anything else, an {@link Error}, or more than
 * {@code maxReplacements} replacements within {@code window} (a poison record failing the same way again and again)
 * shuts the client down and reports it to {@code onFatal}, which must not block: the process exits from another thread
 * so that a supervisor restarts it, rather than living on with a dead stream.
 */
public final class StreamsFailurePolicy implements StreamsUncaughtExceptionHandler {
    public static final int MAX_REPLACEMENTS = 10;
    public static final Duration WINDOW = Duration.ofMinutes(10);
    private static final Backoff PAUSES = new Backoff(Duration.ofMillis(500), Duration.ofSeconds(30));
    private static final Logger log = LoggerFactory.getLogger(StreamsFailurePolicy.class);

    /** Sleeps between a failure and the replacement thread; a test records the pauses instead. */
    @FunctionalInterface
    public interface Pause {
        void sleep(Duration duration) throws InterruptedException;
    }

    private final String client;
    private final int maxReplacements;
    private final Duration window;
    private final LongSupplier nanoTime;
    private final Pause pause;
    private final Runnable onFatal;
    private final Deque<Long> replacements = new ArrayDeque<>();

    public StreamsFailurePolicy(String client, Runnable onFatal) {
        this(
                client,
                MAX_REPLACEMENTS,
                WINDOW,
                System::nanoTime,
                duration -> Thread.sleep(duration.toMillis()),
                onFatal);
    }

    StreamsFailurePolicy(
            String client, int maxReplacements, Duration window, LongSupplier nanoTime, Pause pause, Runnable onFatal) {
        this.client = client;
        this.maxReplacements = maxReplacements;
        this.window = window;
        this.nanoTime = nanoTime;
        this.pause = pause;
        this.onFatal = onFatal;
    }

    @Override
    public StreamThreadExceptionResponse handle(Throwable exception) {
        if (isTransient(exception)) {
            int recent = recordReplacement();
            if (recent <= maxReplacements) {
                Duration wait = pauseBefore(recent);
                log.warn(
                        "{}: transient failure of a stream thread ({} of {} replacements allowed in {}); replacing it in {} ms",
                        client,
                        recent,
                        maxReplacements,
                        window,
                        wait.toMillis(),
                        exception);
                try {
                    pause.sleep(wait);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return StreamThreadExceptionResponse.REPLACE_THREAD;
            }
            log.error(
                    "{}: more than {} stream thread replacements in {}; shutting down",
                    client,
                    maxReplacements,
                    window);
        }
        log.error("{}: fatal stream failure; shutting the client down so the process exits", client, exception);
        try {
            onFatal.run();
        } catch (RuntimeException e) {
            log.error("{}: the fatal-failure callback failed; the client shuts down anyway", client, e);
        }
        return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
    }

    /** The number of replacements within the window, this one included. */
    private synchronized int recordReplacement() {
        long now = nanoTime.getAsLong();
        while (!replacements.isEmpty() && now - replacements.peekFirst() > window.toNanos()) replacements.pollFirst();
        replacements.addLast(now);
        return replacements.size();
    }

    /** 0.5 s, 1 s, 2 s, … up to 30 s: a broker or registry outage is waited out instead of burning the budget. */
    static Duration pauseBefore(int recentReplacements) {
        return PAUSES.delay(recentReplacements);
    }

    /**
     * Whether a fresh thread can be expected to succeed where this one failed: no Error, and a transient cause — a
     * Kafka {@link RetriableException}, a timeout, I/O, or a database outage ({@link TransientFailures}).
     */
    static boolean isTransient(Throwable exception) {
        boolean transientCause = false;
        Set<Throwable> seen = new HashSet<>();
        for (Throwable t = exception; t != null && seen.add(t); t = t.getCause()) {
            if (t instanceof Error) return false;
            transientCause |=
                    t instanceof RetriableException || t instanceof TimeoutException || t instanceof IOException;
        }
        return transientCause || TransientFailures.isTransient(exception);
    }
}
