package dev.schemarag.core.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/** The one series every stage counts its dead letters in, so that one query shows every DLQ's rate. */
public final class DeadLetterMeters {
    public static final String NAME = "schemarag.dead.letters";

    private DeadLetterMeters() {}

    /** The counter of records a topology routes to dead-letter topic {@code topic}. */
    public static Counter counter(MeterRegistry registry, String topic) {
        return Counter.builder(NAME)
                .description("Records routed to a dead-letter topic")
                .tag("topic", topic)
                .register(registry);
    }
}
