package dev.schemarag.generation.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.llm.DeadlineRetry.Attempt;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The retry rule on a scripted clock: attempts take the time the script says, waits move the clock. */
class DeadlineRetryTest {
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(60);
    private static final GenerationOutcome ANSWER =
            GenerationOutcome.generated(new GeneratedSql("SELECT 1", "", 0.9, List.of(), List.of(), "llm"));

    private final AtomicLong nanos = new AtomicLong();
    private final List<Duration> waits = new ArrayList<>();
    private final List<Duration> timeouts = new ArrayList<>();

    /** One scripted attempt: how long it takes (at most its timeout) and what it comes to. */
    private record Step(Duration takes, Attempt result) {}

    private GenerationOutcome run(int maxRetries, Duration budget, Step... steps) {
        Deadline deadline = Deadline.after(budget, nanos::get);
        Deque<Step> script = new ArrayDeque<>(List.of(steps));
        DeadlineRetry retry = new DeadlineRetry(CALL_TIMEOUT, maxRetries, wait -> {
            waits.add(wait);
            advance(wait);
        });
        return retry.run(deadline, timeout -> {
            timeouts.add(timeout);
            Step step = script.poll();
            advance(step.takes().compareTo(timeout) < 0 ? step.takes() : timeout);
            return step.takes().compareTo(timeout) < 0 ? step.result() : timedOut(timeout);
        });
    }

    private void advance(Duration duration) {
        nanos.addAndGet(duration.toNanos());
    }

    private static Step quick(Attempt result) {
        return new Step(Duration.ofMillis(100), result);
    }

    private static Attempt http(int status, Optional<Duration> retryAfter) {
        return new Attempt.Failed("LLM endpoint answered HTTP " + status, status != 401, retryAfter, false);
    }

    private static Attempt timedOut(Duration timeout) {
        return new Attempt.Failed(
                "LLM endpoint timed out (" + timeout.toMillis() + " ms)", true, Optional.empty(), true);
    }

    @Test
    void serverErrorsAreRetriedWithExponentialBackoffUntilTheAnswer() {
        GenerationOutcome outcome = run(
                3,
                Duration.ofSeconds(60),
                quick(http(500, Optional.empty())),
                quick(http(503, Optional.empty())),
                quick(new Attempt.Done(ANSWER)));

        assertThat(outcome).isEqualTo(ANSWER);
        assertThat(waits).containsExactly(Duration.ofMillis(500), Duration.ofSeconds(1));
    }

    @Test
    void theServersRetryAfterIsWaitedInsteadOfTheBackoff() {
        run(
                3,
                Duration.ofSeconds(60),
                quick(http(429, Optional.of(Duration.ofSeconds(7)))),
                quick(new Attempt.Done(ANSWER)));

        assertThat(waits).containsExactly(Duration.ofSeconds(7));
    }

    @Test
    void aRetryAfterThatWouldEndPastTheDeadlineStopsTheRetriesAsUnavailable() {
        GenerationOutcome outcome =
                run(3, Duration.ofSeconds(10), quick(http(429, Optional.of(Duration.ofSeconds(30)))));

        assertThat(outcome)
                .isEqualTo(GenerationOutcome.unavailable("LLM endpoint answered HTTP 429 after 1 attempt(s); the retry"
                        + " in 30000 ms would pass the record deadline"));
        assertThat(waits).isEmpty();
    }

    @Test
    void retriesEndAfterMaxRetriesAsUnavailable() {
        GenerationOutcome outcome =
                run(1, Duration.ofSeconds(60), quick(http(502, Optional.empty())), quick(http(502, Optional.empty())));

        assertThat(outcome)
                .isEqualTo(GenerationOutcome.unavailable("LLM endpoint answered HTTP 502 after 2 attempt(s)"));
    }

    @Test
    void aFailureNotRetriedEndsAtOnce() {
        GenerationOutcome outcome = run(3, Duration.ofSeconds(60), quick(http(401, Optional.empty())));

        assertThat(outcome)
                .isEqualTo(GenerationOutcome.unavailable("LLM endpoint answered HTTP 401 after 1 attempt(s)"));
    }

    @Test
    void eachAttemptGetsTheCallTimeoutOrWhatIsLeftOfTheDeadline() {
        run(
                3,
                Duration.ofSeconds(90),
                new Step(Duration.ofSeconds(50), http(500, Optional.of(Duration.ofSeconds(1)))),
                quick(new Attempt.Done(ANSWER)));

        assertThat(timeouts).containsExactly(CALL_TIMEOUT, Duration.ofSeconds(39));
    }

    @Test
    void anAttemptCutShortByTheDeadlineIsOutOfTime() {
        GenerationOutcome outcome =
                run(3, Duration.ofSeconds(20), new Step(Duration.ofMinutes(5), new Attempt.Done(ANSWER)));

        assertThat(outcome)
                .isEqualTo(GenerationOutcome.outOfTime(
                        "the record deadline of 20000 ms passed: LLM endpoint timed out (20000 ms) on attempt 1"));
        assertThat(timeouts).containsExactly(Duration.ofSeconds(20));
    }

    @Test
    void timeoutsOfTheCallItselfAreRetriedWhileTimeIsLeft() {
        GenerationOutcome outcome = run(
                3,
                Duration.ofMinutes(5),
                new Step(Duration.ofMinutes(2), new Attempt.Done(ANSWER)),
                quick(new Attempt.Done(ANSWER)));

        assertThat(outcome).isEqualTo(ANSWER);
        assertThat(waits).containsExactly(Duration.ofMillis(500));
    }

    @Test
    void theBackoffDoublesUpToEightSeconds() {
        assertThat(List.of(1, 2, 3, 4, 5, 6, 40).stream().map(DeadlineRetry.BACKOFF::delay))
                .containsExactly(
                        Duration.ofMillis(500),
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(2),
                        Duration.ofSeconds(4),
                        Duration.ofSeconds(8),
                        Duration.ofSeconds(8),
                        Duration.ofSeconds(8));
    }

    @Test
    void retryAfterMsComesFirstThenRetryAfterSecondsAndAnythingElseIsIgnored() {
        assertThat(DeadlineRetry.retryAfter(Optional.of("250"), Optional.of("3")))
                .contains(Duration.ofMillis(250));
        assertThat(DeadlineRetry.retryAfter(Optional.empty(), Optional.of(" 2 ")))
                .contains(Duration.ofSeconds(2));
        assertThat(DeadlineRetry.retryAfter(Optional.empty(), Optional.of("1.5")))
                .contains(Duration.ofMillis(1500));
        assertThat(DeadlineRetry.retryAfter(Optional.of("soon"), Optional.of("Wed, 21 Oct 2015 07:28:00 GMT")))
                .isEmpty();
        assertThat(DeadlineRetry.retryAfter(Optional.empty(), Optional.of("-1")))
                .isEmpty();
        assertThat(DeadlineRetry.retryAfter(Optional.empty(), Optional.of("NaN")))
                .isEmpty();
        assertThat(DeadlineRetry.retryAfter(Optional.empty(), Optional.of("1e300")))
                .isEmpty();
    }
}
