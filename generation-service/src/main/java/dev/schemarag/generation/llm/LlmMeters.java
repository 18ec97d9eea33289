package dev.schemarag.generation.llm;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The LLM endpoint as meters: {@code schemarag.llm.latency} per HTTP attempt, tagged {@code result} ({@code ok}: the
 * endpoint answered; {@code failed}: an error status, a timeout or no connection), {@code schemarag.llm.retries},
 * the attempts beyond each request's first, and {@code schemarag.generation.llm.in.flight}, the attempts under way.
 */
public final class LlmMeters {
    static final String LATENCY = "schemarag.llm.latency";
    static final String RETRIES = "schemarag.llm.retries";
    static final String IN_FLIGHT = "schemarag.generation.llm.in.flight";

    private static final Duration[] LATENCY_BUCKETS = {
        Duration.ofMillis(100),
        Duration.ofMillis(250),
        Duration.ofMillis(500),
        Duration.ofSeconds(1),
        Duration.ofSeconds(2),
        Duration.ofSeconds(5),
        Duration.ofSeconds(10),
        Duration.ofSeconds(30)
    };

    private final Timer answered;
    private final Timer failed;
    private final Counter retries;
    private final AtomicInteger inFlight = new AtomicInteger();

    public LlmMeters(MeterRegistry registry) {
        this.answered = latency(registry, "ok");
        this.failed = latency(registry, "failed");
        this.retries = Counter.builder(RETRIES)
                .description("LLM requests re-sent after a retryable failure")
                .register(registry);
        Gauge.builder(IN_FLIGHT, inFlight, AtomicInteger::get)
                .description("LLM call attempts under way: sent and not yet answered, failed or timed out")
                .strongReference(true)
                .register(registry);
    }

    void callStarted() {
        inFlight.incrementAndGet();
    }

    void callEnded(Duration elapsed, boolean ok) {
        inFlight.decrementAndGet();
        (ok ? answered : failed).record(elapsed);
    }

    /** One request made {@code attempts} attempts in all. */
    void request(int attempts) {
        if (attempts > 1) retries.increment(attempts - 1);
    }

    private static Timer latency(MeterRegistry registry, String result) {
        return Timer.builder(LATENCY)
                .description("Time of one LLM call attempt")
                .tag("result", result)
                .serviceLevelObjectives(LATENCY_BUCKETS)
                .register(registry);
    }
}
