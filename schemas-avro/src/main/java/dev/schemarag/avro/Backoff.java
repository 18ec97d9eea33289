package dev.schemarag.avro;

import java.time.Duration;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Exponential backoff inside a time budget: pauses of 100 ms, doubling up to 2 s, for as long as the budget lasts.
 * The last pause is cut so that it ends when the budget does.
 */
final class Backoff {
    static final Duration FIRST_PAUSE = Duration.ofMillis(100);
    static final Duration LONGEST_PAUSE = Duration.ofSeconds(2);

    private final LongSupplier nanoTime;
    private final long deadline;
    private Duration next = FIRST_PAUSE;

    Backoff(Duration budget, LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        this.deadline = nanoTime.getAsLong() + budget.toNanos();
    }

    /** What is left of the budget, never negative. */
    Duration remaining() {
        return Duration.ofNanos(Math.max(0, deadline - nanoTime.getAsLong()));
    }

    /** The pause before the next attempt, or empty once the budget is spent. */
    Optional<Duration> nextPause() {
        Duration remaining = remaining();
        if (remaining.isZero()) return Optional.empty();
        Duration pause = next.compareTo(remaining) < 0 ? next : remaining;
        Duration doubled = next.multipliedBy(2);
        next = doubled.compareTo(LONGEST_PAUSE) < 0 ? doubled : LONGEST_PAUSE;
        return Optional.of(pause);
    }
}
