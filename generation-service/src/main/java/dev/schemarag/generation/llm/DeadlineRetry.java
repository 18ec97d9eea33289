package dev.schemarag.generation.llm;

import dev.schemarag.core.retry.Backoff;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GenerationOutcome;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * Retries one LLM request within the record's deadline. Each attempt gets {@code callTimeout} or what is left of the
 * deadline if that is less; a retryable failure (429, 5xx, I/O, timeout) is retried after the server's Retry-After or
 * an exponential backoff, at most {@code maxRetries} times and only while that wait ends before the deadline. The
 * SDK's own retries are off: they wait and re-send without knowing the deadline.
 * <ul>
 *   <li>the deadline passes during an attempt (or the attempt timed out because the deadline capped it): out of time,
 *       which the pipeline dead-letters as infra_failure;
 *   <li>a failure not retried, retries exhausted, or a next wait that would pass the deadline: unavailable.
 * </ul>
 */
final class DeadlineRetry {
    /** 0.5 s, 1 s, 2 s, ... at most 8 s: the SDK's schedule, without its jitter. */
    static final Backoff BACKOFF = new Backoff(Duration.ofMillis(500), Duration.ofSeconds(8));

    /** Waits between attempts; a test passes one that moves its clock. */
    @FunctionalInterface
    interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    /** What one attempt came to. */
    sealed interface Attempt {
        /** An answer, or a failure that another attempt would not change. */
        record Done(GenerationOutcome outcome) implements Attempt {}

        /**
         * @param reason e.g. {@code LLM endpoint answered HTTP 503}
         * @param retryAfter the wait the server asked for, if it did
         * @param timedOut the attempt ran out of its time (not a refusal or a broken connection)
         */
        record Failed(String reason, boolean retryable, Optional<Duration> retryAfter, boolean timedOut)
                implements Attempt {}
    }

    private final Duration callTimeout;
    private final int maxRetries;
    private final Sleeper sleeper;

    DeadlineRetry(Duration callTimeout, int maxRetries, Sleeper sleeper) {
        this.callTimeout = callTimeout;
        this.maxRetries = maxRetries;
        this.sleeper = sleeper;
    }

    /** Runs {@code call} (given its timeout) until it is done, retries end, or the deadline passes. */
    GenerationOutcome run(Deadline deadline, Function<Duration, Attempt> call) {
        for (int attempt = 1; ; attempt++) {
            if (deadline.passed()) return outOfTime(deadline, "before LLM attempt " + attempt);
            Duration timeout = deadline.cap(callTimeout);
            boolean cappedByDeadline = timeout.compareTo(callTimeout) < 0;
            Attempt result = call.apply(timeout);
            if (result instanceof Attempt.Done done) return done.outcome();
            Attempt.Failed failed = (Attempt.Failed) result;
            if (deadline.passed() || failed.timedOut() && cappedByDeadline)
                return outOfTime(deadline, failed.reason() + " on attempt " + attempt);
            String gaveUp = failed.reason() + " after " + attempt + " attempt(s)";
            if (!failed.retryable() || attempt > maxRetries) return GenerationOutcome.unavailable(gaveUp);
            Duration wait = failed.retryAfter().orElse(BACKOFF.delay(attempt));
            if (wait.compareTo(deadline.remaining()) >= 0)
                return GenerationOutcome.unavailable(
                        gaveUp + "; the retry in " + wait.toMillis() + " ms would pass the record deadline");
            try {
                sleeper.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return GenerationOutcome.unavailable(gaveUp + "; interrupted while waiting to retry");
            }
        }
    }

    /**
     * The wait a 429 or 503 asks for: {@code Retry-After-Ms} (milliseconds, OpenAI's), else {@code Retry-After}
     * in seconds; empty when neither is a non-negative number (an HTTP-date falls back to the backoff).
     */
    static Optional<Duration> retryAfter(Optional<String> retryAfterMs, Optional<String> retryAfterSeconds) {
        Optional<Duration> ms = number(retryAfterMs).map(v -> Duration.ofNanos((long) (v * 1e6)));
        return ms.isPresent() ? ms : number(retryAfterSeconds).map(v -> Duration.ofNanos((long) (v * 1e9)));
    }

    private static Optional<Double> number(Optional<String> header) {
        try {
            return header.map(String::strip)
                    .map(Double::parseDouble)
                    .filter(v -> v >= 0 && v < Duration.ofDays(1).toSeconds() * 1e3);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static GenerationOutcome outOfTime(Deadline deadline, String what) {
        return GenerationOutcome.outOfTime(
                "the record deadline of " + deadline.budget().toMillis() + " ms passed: " + what);
    }
}
