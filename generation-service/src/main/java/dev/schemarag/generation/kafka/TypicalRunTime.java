package dev.schemarag.generation.kafka;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How long a stage's runs have taken lately: an exponentially weighted moving average of their durations, each new
 * one weighing an eighth, so that a change of workload (the model slowed down, the answers became cache hits) shows
 * within a few dozen runs. Updated by the threads that end runs, read by the stream thread.
 */
final class TypicalRunTime {
    private static final long UNKNOWN = -1;
    private final AtomicLong averageNanos = new AtomicLong(UNKNOWN);

    void ran(Duration took) {
        long nanos = Math.max(0, took.toNanos());
        averageNanos.accumulateAndGet(
                nanos, (average, next) -> average == UNKNOWN ? next : average + (next - average) / 8);
    }

    /** Whether runs have usually ended within {@code bound}; false before the first has. */
    boolean within(Duration bound) {
        long average = averageNanos.get();
        return average != UNKNOWN && average <= bound.toNanos();
    }
}
