package dev.schemarag.generation;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The time one record may still take, on a monotonic clock ({@link System#nanoTime} in production, a script in
 * tests): every LLM call, retry wait and EXPLAIN of the record gets at most {@link #remaining()}.
 */
public final class Deadline {
    private final Duration budget;
    private final LongSupplier nanoTime;
    private final long endNanos;

    private Deadline(Duration budget, LongSupplier nanoTime) {
        this.budget = budget;
        this.nanoTime = nanoTime;
        this.endNanos = nanoTime.getAsLong() + budget.toNanos();
    }

    /** A deadline {@code budget} from now on {@code nanoTime}. */
    public static Deadline after(Duration budget, LongSupplier nanoTime) {
        if (budget.isNegative() || budget.isZero()) throw new IllegalArgumentException("budget must be positive");
        return new Deadline(budget, nanoTime);
    }

    public static Deadline after(Duration budget) {
        return after(budget, System::nanoTime);
    }

    /** What is left, never negative. */
    public Duration remaining() {
        return Duration.ofNanos(Math.max(0, endNanos - nanoTime.getAsLong()));
    }

    public boolean passed() {
        return remaining().isZero();
    }

    /** {@code limit}, or less when less time is left. */
    public Duration cap(Duration limit) {
        Duration remaining = remaining();
        return remaining.compareTo(limit) < 0 ? remaining : limit;
    }

    /** The whole budget, for messages. */
    public Duration budget() {
        return budget;
    }
}
