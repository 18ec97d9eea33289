package dev.schemarag.generation.kafka;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * {@code schemarag.generation.outcomes}: how each question ended in generation and validation, tagged {@code class}:
 * {@code answered}, {@code retrieved_again} (a cache hit of retrieval's that generation could not serve), or the error
 * class its failure is dead-lettered under.
 */
public final class OutcomeMeters {
    static final String NAME = "schemarag.generation.outcomes";
    static final String ANSWERED = "answered";
    static final String RETRIEVED_AGAIN = "retrieved_again";

    private final MeterRegistry registry;

    public OutcomeMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    void record(RoutedResult result) {
        String outcome;
        if (result instanceof RoutedResult.DeadLetter dead)
            outcome = dead.failure().getErrorClass();
        else if (result instanceof RoutedResult.RetrieveAgain) outcome = RETRIEVED_AGAIN;
        else outcome = ANSWERED;
        Counter.builder(NAME)
                .description("Questions answered or failed, by error class")
                .tag("class", outcome)
                .register(registry)
                .increment();
    }
}
