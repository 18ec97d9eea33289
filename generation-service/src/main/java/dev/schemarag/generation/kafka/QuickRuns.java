package dev.schemarag.generation.kafka;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether a stage's runs have lately ended within a bound more often than not: an exponentially weighted share of the
 * runs that did, each new one weighing an eighth, so that a change of workload (the model slowed down, the answers
 * became cache hits) shows within a few dozen runs. A share and not an average duration, so that the few slow runs of
 * a quick workload (a statement that found no warm cache, a longer result) do not outweigh the many quick ones.
 * Updated by the threads that end runs, read by the stream thread.
 */
final class QuickRuns {
    private static final long UNKNOWN = -1;
    /** The share's unit: a share of 1 is this many. */
    private static final long WHOLE = 1 << 16;

    private final long boundNanos;
    private final AtomicLong share = new AtomicLong(UNKNOWN);

    QuickRuns(Duration bound) {
        this.boundNanos = bound.toNanos();
    }

    void ran(Duration took) {
        long next = took.toNanos() <= boundNanos ? WHOLE : 0;
        share.accumulateAndGet(next, (current, run) -> current == UNKNOWN ? run : current + (run - current) / 8);
    }

    /** Whether most recent runs ended within the bound; false before the first has. */
    boolean usual() {
        return share.get() > WHOLE / 2;
    }
}
