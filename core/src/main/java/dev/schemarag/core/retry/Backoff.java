package dev.schemarag.core.retry;

import java.time.Duration;
import java.util.Objects;

/** Exponential backoff: {@code initial}, doubled after each attempt, never above {@code max}. */
public record Backoff(Duration initial, Duration max) {
    public Backoff {
        Objects.requireNonNull(initial, "initial");
        Objects.requireNonNull(max, "max");
        if (initial.toMillis() < 1) throw new IllegalArgumentException("initial must be at least 1 ms");
        if (max.compareTo(initial) < 0) throw new IllegalArgumentException("max must not be below initial");
    }

    /** The wait before retry number {@code retry} (1 = the first retry). */
    public Duration delay(int retry) {
        if (retry < 1) throw new IllegalArgumentException("retry counts from 1: " + retry);
        // 2^30 ms is already beyond any sensible cap; the shift must not overflow.
        long factor = 1L << Math.min(retry - 1, 30);
        long cap = max.toMillis();
        long base = initial.toMillis();
        return Duration.ofMillis(base > cap / factor ? cap : Math.min(cap, base * factor));
    }
}
