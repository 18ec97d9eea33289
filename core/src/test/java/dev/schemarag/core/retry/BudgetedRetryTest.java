package dev.schemarag.core.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The retry rule on a clock that only the attempts and the waits move. */
class BudgetedRetryTest {
    private static final SQLException DOWN = new SQLException("connection refused", "08001");
    private static final SQLException DENIED = new SQLException("permission denied", "42501");
    private static final Backoff ONE_TO_EIGHT_SECONDS = new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(8));

    private final List<Duration> waits = new ArrayList<>();
    private long nanos;
    /** Every attempt takes 2 s on this clock, like a connect that times out. */
    private final Duration attemptTakes = Duration.ofSeconds(2);

    private BudgetedRetry retry(int maxRetries, BudgetedRetry.Rule rule) {
        return new BudgetedRetry(ONE_TO_EIGHT_SECONDS, maxRetries, rule, () -> nanos, d -> {
            waits.add(d);
            nanos += d.toNanos();
        });
    }

    private BudgetedRetry outages() {
        return retry(Integer.MAX_VALUE, TransientFailures::isTransient);
    }

    private <E extends Exception> BudgetedRetry.Attempt<String> failing(int times, E error) {
        int[] calls = {0};
        return () -> {
            nanos += attemptTakes.toNanos();
            if (calls[0]++ < times) throw error;
            return "done";
        };
    }

    @Test
    void anOutageThatEndsIsRetriedWithGrowingWaits() throws Exception {
        assertThat(outages().call("test", Duration.ofSeconds(60), failing(3, DOWN)))
                .isEqualTo("done");

        assertThat(waits).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4));
    }

    @Test
    void noWaitStartsThatWouldEndPastTheBudget() {
        assertThatThrownBy(() -> outages().call("test", Duration.ofSeconds(30), failing(100, DOWN)))
                .isInstanceOf(BudgetedRetry.GaveUp.class)
                .hasCause(DOWN)
                .hasMessage("connection refused after 5 attempt(s); the retry in 8000 ms would pass the deadline");

        // Attempts take 2 s: the fifth fails at 25 s, and another 8 s wait would end at 33 s, past the 30 s budget.
        assertThat(waits)
                .containsExactly(
                        Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4), Duration.ofSeconds(8));
        assertThat(Duration.ofNanos(nanos)).isLessThanOrEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aFailureThatIsNotRetryableEndsAtOnce() {
        assertThatThrownBy(() -> outages().call("test", Duration.ofSeconds(60), failing(1, DENIED)))
                .isInstanceOf(BudgetedRetry.GaveUp.class)
                .hasCause(DENIED)
                .hasMessage("permission denied after 1 attempt(s)");

        assertThat(waits).isEmpty();
    }

    @Test
    void aZeroBudgetMeansOneAttempt() {
        assertThatThrownBy(() -> outages().call("test", Duration.ZERO, failing(1, DOWN)))
                .isInstanceOf(BudgetedRetry.GaveUp.class)
                .hasCause(DOWN);

        assertThat(waits).isEmpty();
    }

    @Test
    void retriesEndAfterMaxRetries() {
        assertThatThrownBy(() ->
                        retry(1, TransientFailures::isTransient).call("test", Duration.ofSeconds(60), failing(5, DOWN)))
                .isInstanceOf(BudgetedRetry.GaveUp.class)
                .hasMessage("connection refused after 2 attempt(s)")
                .satisfies(
                        e -> assertThat(((BudgetedRetry.GaveUp) e).attempts()).isEqualTo(2));

        assertThat(waits).containsExactly(Duration.ofSeconds(1));
    }

    @Test
    void theWaitTheFailureAsksForIsTakenInsteadOfTheBackoff() throws Exception {
        BudgetedRetry.Rule askingForSevenSeconds = new BudgetedRetry.Rule() {
            @Override
            public boolean retryable(Exception failure) {
                return true;
            }

            @Override
            public Optional<Duration> requestedWait(Exception failure) {
                return Optional.of(Duration.ofSeconds(7));
            }
        };

        assertThat(retry(3, askingForSevenSeconds)
                        .call("test", Duration.ofSeconds(60), failing(1, new IOException("HTTP 429"))))
                .isEqualTo("done");
        assertThat(waits).containsExactly(Duration.ofSeconds(7));
    }

    @Test
    void anInterruptedWaitGivesUpAndKeepsTheInterrupt() {
        BudgetedRetry interrupted = new BudgetedRetry(
                ONE_TO_EIGHT_SECONDS, Integer.MAX_VALUE, TransientFailures::isTransient, () -> nanos, d -> {
                    throw new InterruptedException();
                });
        try {
            assertThatThrownBy(() -> interrupted.call("test", Duration.ofSeconds(60), failing(1, DOWN)))
                    .isInstanceOf(BudgetedRetry.GaveUp.class)
                    .hasCause(DOWN)
                    .hasMessageEndingWith("; interrupted while waiting to retry");
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    /** Retries at once when asked to: the asynchronous waits are real, scheduled ones. */
    private static final BudgetedRetry.Rule AT_ONCE = new BudgetedRetry.Rule() {
        @Override
        public boolean retryable(Exception failure) {
            return TransientFailures.isTransient(failure);
        }

        @Override
        public Optional<Duration> requestedWait(Exception failure) {
            return Optional.of(Duration.ofMillis(1));
        }
    };

    private Supplier<CompletableFuture<String>> failingAsync(int times, Throwable error, AtomicInteger calls) {
        return () -> {
            nanos += attemptTakes.toNanos();
            return calls.getAndIncrement() < times
                    ? CompletableFuture.failedFuture(error)
                    : CompletableFuture.completedFuture("done");
        };
    }

    @Test
    void anAsynchronousCallIsRetriedWhileItsFailuresAreTransient() {
        AtomicInteger calls = new AtomicInteger();

        String result = retry(5, AT_ONCE)
                .callAsync("test", Duration.ofSeconds(60), failingAsync(2, DOWN, calls))
                .join();

        assertThat(result).isEqualTo("done");
        assertThat(calls).hasValue(3);
        assertThat(waits).as("no thread slept").isEmpty();
    }

    @Test
    void anAsynchronousCallGivesUpOnAFailureThatIsNotTransientOrPastItsBudget() {
        AtomicInteger denied = new AtomicInteger();
        assertThat(retry(5, AT_ONCE).callAsync("test", Duration.ofSeconds(60), failingAsync(9, DENIED, denied)))
                .failsWithin(Duration.ofSeconds(5))
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isInstanceOf(BudgetedRetry.GaveUp.class)
                .withMessage("permission denied after 1 attempt(s)");
        assertThat(denied).hasValue(1);

        // Attempts take 2 s on the clock: the second fails at 4 s, past the 3 s budget, so no third one starts.
        AtomicInteger down = new AtomicInteger();
        assertThat(retry(5, AT_ONCE).callAsync("test", Duration.ofSeconds(3), failingAsync(9, DOWN, down)))
                .failsWithin(Duration.ofSeconds(5))
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .withMessage("connection refused after 2 attempt(s); the retry in 1 ms would pass the deadline");
        assertThat(down).hasValue(2);
    }

    @Test
    void anErrorEndsAnAsynchronousCallAtOnce() {
        AtomicInteger calls = new AtomicInteger();
        StackOverflowError overflow = new StackOverflowError();

        assertThat(retry(5, AT_ONCE).callAsync("test", Duration.ofSeconds(60), failingAsync(9, overflow, calls)))
                .failsWithin(Duration.ofSeconds(5))
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isSameAs(overflow);
        assertThat(calls).hasValue(1);
    }
}
