package dev.schemarag.core.kafka;

import java.time.Duration;
import org.apache.kafka.streams.processor.Cancellable;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessingContext;

/**
 * Asks Kafka Streams to commit a task soon after it forwards a record, at most once per {@code gap}. Under exactly-once
 * a {@code read_committed} reader sees an output only once its transaction commits, so without a request a record waits
 * for {@code commit.interval.ms}; with a request per record, a busy task would commit a transaction per record. Here
 * the first record after a quiet gap commits at the end of the stream thread's loop iteration, and the records of a
 * busy stretch share one commit per gap, requested by a punctuation that runs only while a commit is owed (Kafka
 * Streams commits a task after every punctuation, so an idle task that punctuated would commit empty transactions).
 * Stream thread only.
 */
public final class CommitPacer {
    /** Short against a hop's other costs, long enough that a busy task commits a handful of records at a time. */
    public static final Duration GAP = Duration.ofMillis(20);

    private final ProcessingContext context;
    private final long gapMs;
    /** When the last commit was requested (the context's wall clock), or -1 before the first. */
    private long lastRequestMs = -1;
    /** The punctuation that requests the commit owed, while one is. */
    private Cancellable owed;

    public CommitPacer(ProcessingContext context, Duration gap) {
        this.context = context;
        this.gapMs = gap.toMillis();
    }

    /** A record was forwarded: commit now, or within the gap. */
    public void forwarded() {
        if (owed != null) return;
        long now = context.currentSystemTimeMs();
        if (lastRequestMs < 0 || now - lastRequestMs >= gapMs) request(now);
        else owed = context.schedule(Duration.ofMillis(gapMs), PunctuationType.WALL_CLOCK_TIME, this::request);
    }

    private void request(long now) {
        if (owed != null) owed.cancel();
        owed = null;
        context.commit();
        lastRequestMs = now;
    }

    /** Cancels the punctuation, when the processor closes. */
    public void close() {
        if (owed != null) owed.cancel();
        owed = null;
    }
}
