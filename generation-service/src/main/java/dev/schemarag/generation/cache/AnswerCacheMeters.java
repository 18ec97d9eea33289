package dev.schemarag.generation.cache;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * The answer cache's meters: {@code schemarag.generation.answer.cache.lookups} by {@code result} (see {@link Result}),
 * and {@code schemarag.generation.answer.cache.hit.time}, a histogram of the hit path in generation: from the lookup
 * to the answer built, the entry's read, its validation again (EXPLAIN as the asker's role) and the record of the reuse
 * included. A histogram: Prometheus takes quantiles from its buckets.
 */
public final class AnswerCacheMeters {
    public static final String LOOKUPS = "schemarag.generation.answer.cache.lookups";
    public static final String HIT_TIME = "schemarag.generation.answer.cache.hit.time";

    /** How a lookup ended. */
    public enum Result {
        /** Served: fresh (and validated again when it will not be executed). */
        HIT,
        /** No entry (or an expired one, or the store could not be read): the generator answers. */
        MISS,
        /** An entry one of whose tables changed after it was validated: dropped, and the generator answers. */
        INVALIDATED,
        /** A fresh entry whose SQL failed validation again: dropped, and the generator answers. */
        REJECTED;

        public String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Map<Result, Counter> lookups = new EnumMap<>(Result.class);
    private final Timer hitTime;

    public AnswerCacheMeters(MeterRegistry registry) {
        for (Result result : Result.values())
            lookups.put(
                    result,
                    Counter.builder(LOOKUPS)
                            .description("Answer cache lookups, by result")
                            .tag("result", result.tag())
                            .register(registry));
        hitTime = Timer.builder(HIT_TIME)
                .description(
                        "Generation's part of an answer served from the cache: lookup, checks when not executed, answer built")
                .publishPercentileHistogram()
                // A hit takes well under a millisecond here: buckets from 100 µs, not the timer's default 1 ms.
                .minimumExpectedValue(Duration.ofNanos(100_000))
                .register(registry);
    }

    void counted(Result result) {
        lookups.get(result).increment();
    }

    void hitTook(Duration time) {
        hitTime.record(time);
    }
}
