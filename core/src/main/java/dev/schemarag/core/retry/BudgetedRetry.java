package dev.schemarag.core.retry;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an idempotent action again while it fails retryably, within a time budget: after the wait the other side asked
 * for, else after the next {@link Backoff} delay, as long as retries are left and that wait ends before the budget
 * does. The first attempt always runs, and no wait is started that would end past the budget, so only an attempt's
 * own timeout can carry the call past it. The one retry of the project: a schema change held through a store outage
 * (its budget below {@code max.poll.interval.ms}, since it holds its stream thread) and an LLM call within what is
 * left of its record's deadline.
 */
public final class BudgetedRetry {
    private static final Logger log = LoggerFactory.getLogger(BudgetedRetry.class);

    /** Waits between attempts; a test passes one that only moves its clock. */
    @FunctionalInterface
    public interface Sleeper {
        Sleeper THREAD = duration -> Thread.sleep(duration.toMillis());

        void sleep(Duration duration) throws InterruptedException;
    }

    /** One attempt of the action. */
    @FunctionalInterface
    public interface Attempt<T> {
        T run() throws Exception;
    }

    /** Which failures another attempt may cure, and how long their sender asked to be left alone. */
    @FunctionalInterface
    public interface Rule {
        boolean retryable(Exception failure);

        /** A wait the failure itself asks for (an HTTP Retry-After), taken instead of the backoff. */
        default Optional<Duration> requestedWait(Exception failure) {
            return Optional.empty();
        }
    }

    /** The action ended without a result; the cause is its last failure. */
    public static final class GaveUp extends Exception {
        private static final long serialVersionUID = 1L;
        private final int attempts;

        private GaveUp(Exception last, int attempts, String why) {
            super(
                    Objects.requireNonNullElse(last.getMessage(), last.toString()) + " after " + attempts
                            + " attempt(s)" + why,
                    last);
            this.attempts = attempts;
        }

        public int attempts() {
            return attempts;
        }
    }

    private final Backoff backoff;
    private final int maxRetries;
    private final Rule rule;
    private final LongSupplier nanoClock;
    private final Sleeper sleeper;

    public BudgetedRetry(Backoff backoff, int maxRetries, Rule rule, LongSupplier nanoClock, Sleeper sleeper) {
        if (maxRetries < 0) throw new IllegalArgumentException("maxRetries must not be negative");
        this.backoff = backoff;
        this.maxRetries = maxRetries;
        this.rule = rule;
        this.nanoClock = nanoClock;
        this.sleeper = sleeper;
    }

    /** Transient SQL and network failures, 0.5 s doubling up to 10 s, as often as the budget allows. */
    public static BudgetedRetry forOutages() {
        return new BudgetedRetry(
                new Backoff(Duration.ofMillis(500), Duration.ofSeconds(10)),
                Integer.MAX_VALUE,
                TransientFailures::isTransient,
                System::nanoTime,
                Sleeper.THREAD);
    }

    /**
     * The action's result, retried within {@code budget} from now.
     *
     * @param what the action, for the log of each retry
     * @throws GaveUp once a failure is not retryable, the retries are used up, the next wait would pass the budget
     *     or is interrupted (the interrupt is kept)
     */
    public <T> T call(String what, Duration budget, Attempt<T> attempt) throws GaveUp {
        if (budget.isNegative()) throw new IllegalArgumentException("budget must not be negative");
        long end = nanoClock.getAsLong() + budget.toNanos();
        for (int attempts = 1; ; attempts++) {
            Exception failure;
            try {
                return attempt.run();
            } catch (Exception e) {
                failure = e;
            }
            Duration wait = retryWait(what, failure, attempts, end);
            try {
                sleeper.sleep(wait);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new GaveUp(failure, attempts, "; interrupted while waiting to retry");
            }
        }
    }

    /**
     * The asynchronous {@link #call}: the same rule, waits and budget, each wait scheduled instead of slept, so that no
     * thread is held between attempts nor during one that is itself asynchronous. Completes with the first result, or
     * exceptionally with {@link GaveUp}; an attempt that fails with an {@link Error} ends it at once with that error.
     */
    public <T> CompletableFuture<T> callAsync(String what, Duration budget, Supplier<CompletableFuture<T>> attempt) {
        if (budget.isNegative()) throw new IllegalArgumentException("budget must not be negative");
        CompletableFuture<T> result = new CompletableFuture<>();
        attemptAsync(what, nanoClock.getAsLong() + budget.toNanos(), attempt, 1, result);
        return result;
    }

    private <T> void attemptAsync(
            String what, long end, Supplier<CompletableFuture<T>> attempt, int attempts, CompletableFuture<T> result) {
        CompletableFuture<T> call;
        try {
            call = attempt.get();
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        call.whenComplete((value, error) -> {
            if (error == null) {
                result.complete(value);
                return;
            }
            Throwable cause =
                    error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            if (!(cause instanceof Exception failure)) {
                result.completeExceptionally(cause);
                return;
            }
            try {
                Duration wait = retryWait(what, failure, attempts, end);
                CompletableFuture.delayedExecutor(wait.toNanos(), TimeUnit.NANOSECONDS)
                        .execute(() -> attemptAsync(what, end, attempt, attempts + 1, result));
            } catch (GaveUp gaveUp) {
                result.completeExceptionally(gaveUp);
            }
        });
    }

    /** The wait before the next attempt after {@code failure}, logged; or why there is none. */
    private Duration retryWait(String what, Exception failure, int attempts, long end) throws GaveUp {
        if (!rule.retryable(failure) || attempts > maxRetries) throw new GaveUp(failure, attempts, "");
        Duration wait = rule.requestedWait(failure).orElse(backoff.delay(attempts));
        Duration left = Duration.ofNanos(Math.max(0, end - nanoClock.getAsLong()));
        if (wait.compareTo(left) >= 0)
            throw new GaveUp(failure, attempts, "; the retry in " + wait.toMillis() + " ms would pass the deadline");
        log.warn(
                "{}: attempt {} failed ({}); retrying in {} ms", what, attempts, failure.getMessage(), wait.toMillis());
        return wait;
    }
}
