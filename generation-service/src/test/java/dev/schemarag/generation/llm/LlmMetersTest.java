package dev.schemarag.generation.llm;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LlmMetersTest {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final LlmMeters meters = new LlmMeters(registry);

    @Test
    void attemptsAreTimedByResult() {
        meters.attempt(Duration.ofMillis(300), true);
        meters.attempt(Duration.ofMillis(50), false);
        meters.attempt(Duration.ofMillis(70), false);

        assertThat(registry.get(LlmMeters.LATENCY).tag("result", "ok").timer().totalTime(TimeUnit.MILLISECONDS))
                .isEqualTo(300);
        assertThat(registry.get(LlmMeters.LATENCY)
                        .tag("result", "failed")
                        .timer()
                        .count())
                .isEqualTo(2);
    }

    @Test
    void onlyAttemptsBeyondTheFirstAreRetries() {
        meters.request(1);
        meters.request(3);

        assertThat(registry.get(LlmMeters.RETRIES).counter().count()).isEqualTo(2);
    }
}
