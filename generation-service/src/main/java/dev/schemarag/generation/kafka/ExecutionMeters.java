package dev.schemarag.generation.kafka;

import dev.schemarag.core.failure.Outcome;
import dev.schemarag.events.QueryResult;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;

/**
 * The execution stage's meters: {@code schemarag.execution.outcomes} by {@code class} ({@code executed}, or the error
 * class of the dead letter), and for each result its statement's time ({@code schemarag.execution.time}, a histogram),
 * its rows ({@code schemarag.execution.rows}) and whether a cap cut it ({@code schemarag.execution.truncated}).
 */
public final class ExecutionMeters {
    static final String OUTCOMES = "schemarag.execution.outcomes";
    static final String EXECUTED = "executed";
    static final String TIME = "schemarag.execution.time";
    static final String ROWS = "schemarag.execution.rows";
    static final String TRUNCATED = "schemarag.execution.truncated";

    private final MeterRegistry registry;
    private final Timer time;
    private final DistributionSummary rows;
    private final Counter truncated;

    public ExecutionMeters(MeterRegistry registry) {
        this.registry = registry;
        this.time = Timer.builder(TIME)
                .description("Time from sending an answer's statement to its last row read")
                .publishPercentileHistogram()
                .register(registry);
        this.rows =
                DistributionSummary.builder(ROWS).description("Rows per result").register(registry);
        this.truncated = Counter.builder(TRUNCATED)
                .description("Results cut by the row or byte cap")
                .register(registry);
    }

    void record(Outcome<QueryResult> outcome) {
        String outcomeClass = outcome.isDeadLettered() ? outcome.failure().getErrorClass() : EXECUTED;
        Counter.builder(OUTCOMES)
                .description("Answers executed or failed in execution, by error class")
                .tag("class", outcomeClass)
                .register(registry)
                .increment();
        if (outcome.isDeadLettered()) return;
        QueryResult result = outcome.value();
        time.record(Duration.ofMillis(result.getExecutionMs()));
        rows.record(result.getRowCount());
        if (result.getTruncated()) truncated.increment();
    }
}
