package dev.schemarag.app.supervision;

import java.time.Duration;

/**
 * When a supervised service that exited is started again: at once after a run that lasted, with a doubling delay
 * (capped) after runs that ended quickly, so a service that cannot start does not spin. Pure: no I/O.
 */
record RestartPolicy(Duration initialDelay, Duration maxDelay, Duration stableRun) {
    static final RestartPolicy DEFAULT =
            new RestartPolicy(Duration.ofSeconds(1), Duration.ofSeconds(60), Duration.ofSeconds(60));

    /**
     * The delay before the next start.
     *
     * @param lastRun how long the run that just ended lasted
     * @param quickFailures how many runs in a row, this one included, ended sooner than {@link #stableRun}
     */
    Duration delay(Duration lastRun, int quickFailures) {
        if (lastRun.compareTo(stableRun) >= 0 || quickFailures <= 0) return Duration.ZERO;
        int doublings = Math.min(quickFailures - 1, 30); // no overflow: the cap applies long before
        Duration delay = initialDelay.multipliedBy(1L << doublings);
        return delay.compareTo(maxDelay) > 0 ? maxDelay : delay;
    }

    /** The count of quick failures in a row after a run of {@code lastRun}. */
    int quickFailuresAfter(Duration lastRun, int quickFailuresBefore) {
        return lastRun.compareTo(stableRun) >= 0 ? 0 : quickFailuresBefore + 1;
    }
}
