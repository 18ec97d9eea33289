package dev.schemarag.avro;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BackoffTest {
    private long now = 1_000;

    @Test
    void pausesDoubleUpToTwoSecondsAndTheLastOneEndsWithTheBudget() {
        Backoff backoff = new Backoff(Duration.ofSeconds(10), () -> now);

        List<Long> pauses = new ArrayList<>();
        for (Optional<Duration> pause = backoff.nextPause(); pause.isPresent(); pause = backoff.nextPause()) {
            pauses.add(pause.get().toMillis());
            now += pause.get().toNanos();
        }

        assertThat(pauses).containsExactly(100L, 200L, 400L, 800L, 1600L, 2000L, 2000L, 2000L, 900L);
        assertThat(pauses.stream().mapToLong(Long::longValue).sum()).isEqualTo(10_000);
    }

    @Test
    void timeSpentOnAttemptsCountsAgainstTheBudget() {
        Backoff backoff = new Backoff(Duration.ofSeconds(1), () -> now);
        now += Duration.ofMillis(950).toNanos(); // a slow first attempt

        assertThat(backoff.remaining()).isEqualTo(Duration.ofMillis(50));
        assertThat(backoff.nextPause()).contains(Duration.ofMillis(50));
        now += Duration.ofMillis(50).toNanos();
        assertThat(backoff.nextPause()).isEmpty();
    }

    @Test
    void aZeroBudgetAllowsNoRetry() {
        assertThat(new Backoff(Duration.ZERO, () -> now).nextPause()).isEmpty();
    }
}
