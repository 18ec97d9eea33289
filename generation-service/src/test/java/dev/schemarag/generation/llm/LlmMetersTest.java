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
        for (int i = 0; i < 3; i++) meters.callStarted();
        meters.callEnded(Duration.ofMillis(300), true);
        meters.callEnded(Duration.ofMillis(50), false);
        meters.callEnded(Duration.ofMillis(70), false);

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

    @Test
    void theGaugeCountsTheCallsUnderWay() {
        meters.callStarted();
        meters.callStarted();
        meters.callEnded(Duration.ofMillis(10), true);

        assertThat(registry.get(LlmMeters.IN_FLIGHT).gauge().value()).isEqualTo(1);
    }
}
