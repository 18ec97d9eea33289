package dev.schemarag.core.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoundedRetryTest {
    private static final SQLException DOWN = new SQLException("connection refused", "08001");
    private static final SQLException DENIED = new SQLException("permission denied", "42501");

    private final List<Duration> waits = new ArrayList<>();
    private long nanos;
    /** Every attempt takes 2 s on this clock, like a connect that times out. */
    private final Duration attemptTakes = Duration.ofSeconds(2);

    private BoundedRetry retry(Duration budget) {
        return new BoundedRetry(
                budget,
                new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(8)),
                TransientFailures::isTransient,
                () -> nanos,
                d -> {
                    waits.add(d);
                    nanos += d.toNanos();
                });
    }

    private BoundedRetry.Attempt<String> failing(int times, SQLException error) {
        int[] calls = {0};
        return () -> {
            nanos += attemptTakes.toNanos();
            if (calls[0]++ < times) throw error;
            return "done";
        };
    }

    @Test
    void anOutageThatEndsIsRetriedWithGrowingWaits() throws Exception {
        assertThat(retry(Duration.ofSeconds(60)).call("test", failing(3, DOWN))).isEqualTo("done");

        assertThat(waits).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4));
    }

    @Test
    void noRetryStartsPastTheBudget() {
        assertThatThrownBy(() -> retry(Duration.ofSeconds(30)).call("test", failing(100, DOWN)))
                .isSameAs(DOWN);

        // Attempts take 2 s: the fifth fails at 25 s, and another 8 s wait would end at 33 s, past the 30 s budget.
        assertThat(waits)
                .containsExactly(
                        Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4), Duration.ofSeconds(8));
        assertThat(Duration.ofNanos(nanos)).isLessThanOrEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aPermanentFailureIsThrownAtOnce() {
        assertThatThrownBy(() -> retry(Duration.ofSeconds(60)).call("test", failing(1, DENIED)))
                .isSameAs(DENIED);

        assertThat(waits).isEmpty();
    }

    @Test
    void aZeroBudgetMeansOneAttempt() {
        assertThatThrownBy(() -> retry(Duration.ZERO).call("test", failing(1, DOWN)))
                .isSameAs(DOWN);

        assertThat(waits).isEmpty();
    }

    @Test
    void anInterruptedWaitGivesUpAndKeepsTheInterrupt() {
        BoundedRetry interrupted = new BoundedRetry(
                Duration.ofSeconds(60),
                new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(8)),
                TransientFailures::isTransient,
                () -> nanos,
                d -> {
                    throw new InterruptedException();
                });
        try {
            assertThatThrownBy(() -> interrupted.call("test", failing(1, DOWN))).isSameAs(DOWN);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }
}
