package dev.schemarag.generation.llm;

import dev.schemarag.core.retry.BudgetedRetry;
import java.time.Duration;
import java.util.Optional;

/** One LLM attempt that failed: why, whether another attempt may help, and the wait the server asked for. */
final class FailedCall extends Exception {
    private static final long serialVersionUID = 1L;

    /** Retries what another attempt may cure, after the server's Retry-After if it sent one. */
    static final BudgetedRetry.Rule RULE = new BudgetedRetry.Rule() {
        @Override
        public boolean retryable(Exception failure) {
            return failure instanceof FailedCall call && call.retryable;
        }

        @Override
        public Optional<Duration> requestedWait(Exception failure) {
            return failure instanceof FailedCall call ? call.retryAfter : Optional.empty();
        }
    };

    final boolean retryable;
    final Optional<Duration> retryAfter;
    /** The attempt ran out of its time (not a refusal or a broken connection). */
    final boolean timedOut;
    /** The attempt had less than the call timeout because the deadline was near: the record is out of time. */
    final boolean cutShortByDeadline;

    /** @param reason e.g. {@code LLM endpoint answered HTTP 503} */
    FailedCall(String reason, boolean retryable, Optional<Duration> retryAfter, boolean timedOut) {
        this(reason, retryable, retryAfter, timedOut, false);
    }

    private FailedCall(
            String reason,
            boolean retryable,
            Optional<Duration> retryAfter,
            boolean timedOut,
            boolean cutShortByDeadline) {
        super(reason);
        this.retryable = retryable;
        this.retryAfter = retryAfter;
        this.timedOut = timedOut;
        this.cutShortByDeadline = cutShortByDeadline;
    }

    /** This timeout, of an attempt the deadline had shortened: no other attempt fits. */
    FailedCall cutShort() {
        return new FailedCall(getMessage(), false, Optional.empty(), true, true);
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
}
