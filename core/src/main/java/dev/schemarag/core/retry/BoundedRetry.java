package dev.schemarag.core.retry;

import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Retries an idempotent action while it fails transiently, with exponential backoff, within a time budget: a record
 * must not hold its stream thread past {@code max.poll.interval.ms}. No retry starts after the budget is spent, so
 * the action's last attempt is the only thing that can run past it (by at most its own timeout).
 */
public final class BoundedRetry {
    private static final Logger log = LoggerFactory.getLogger(BoundedRetry.class);

    /** Waits; a test passes one that only advances its clock. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    /** One attempt of the action. */
    @FunctionalInterface
    public interface Attempt<T> {
        T run() throws Exception;
    }

    private final Duration budget;
    private final Backoff backoff;
    private final Predicate<Throwable> retryable;
    private final LongSupplier nanoClock;
    private final Sleeper sleeper;

    public BoundedRetry(
            Duration budget, Backoff backoff, Predicate<Throwable> retryable, LongSupplier nanoClock, Sleeper sleeper) {
        if (budget.isNegative()) throw new IllegalArgumentException("budget must not be negative");
        this.budget = budget;
        this.backoff = backoff;
        this.retryable = retryable;
        this.nanoClock = nanoClock;
        this.sleeper = sleeper;
    }

    /** Transient SQL and network failures, 0.5 s doubling up to 10 s, on the system clock. */
    public static BoundedRetry forOutages(Duration budget) {
        return new BoundedRetry(
                budget,
                new Backoff(Duration.ofMillis(500), Duration.ofSeconds(10)),
                TransientFailures::isTransient,
                System::nanoTime,
                d -> Thread.sleep(d.toMillis()));
    }

    public Duration budget() {
        return budget;
    }

    /**
     * The action's result; or, once it failed permanently, the budget is spent or the wait is interrupted, its last
     * failure.
     */
    public <T> T call(String what, Attempt<T> attempt) throws Exception {
        long start = nanoClock.getAsLong();
        for (int retry = 1; ; retry++) {
            try {
                return attempt.run();
            } catch (Exception e) {
                if (!retryable.test(e)) throw e;
                Duration wait = backoff.delay(retry);
                Duration spent = Duration.ofNanos(nanoClock.getAsLong() - start);
                if (spent.plus(wait).compareTo(budget) > 0) {
                    log.warn(
                            "{}: giving up after {} attempt(s) in {} ms: {}",
                            what,
                            retry,
                            spent.toMillis(),
                            e.getMessage());
                    throw e;
                }
                log.warn("{}: attempt {} failed ({}); retrying in {} ms", what, retry, e.getMessage(), wait.toMillis());
                try {
                    sleeper.sleep(wait);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }
}
