package dev.schemarag.core.store;

import dev.schemarag.core.concurrent.DaemonThreads;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client-side deadline of a statement on a target database, behind the server's own statement_timeout: a
 * backend notices a timeout only where it checks for interrupts, which some planner loops do not, so the caller would
 * wait as long as the backend works. The deadline covers everything the caller does on the connection until it
 * closes the watch, such as every fetch of a cursor (the server's timeout starts again with each fetch). Shortly after
 * the timeout the watchdog sends the driver's cancel request for the session's backend; if the call still has not
 * returned it aborts the connection, so the caller's call fails at once, and asks the server to terminate the backend.
 * A connection the watchdog acted on must be evicted from its pool.
 */
public final class StatementWatchdog implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(StatementWatchdog.class);
    /** After the server's timeout, time for its own cancellation to arrive before the driver's cancel request. */
    static final Duration CANCEL_GRACE = Duration.ofMillis(250);
    /** After the cancel request, time for the backend to act on it before the connection is given up. */
    static final Duration ABORT_GRACE = Duration.ofMillis(400);

    /** Terminates a backend by its process id over a session of its own (pg_terminate_backend). */
    @FunctionalInterface
    public interface BackendTerminator {
        void terminate(int backendPid) throws SQLException;
    }

    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("watchdog"));
    /** Aborts and terminations connect and wait; they must not hold up the timer of other statements. */
    private final ExecutorService actions = Executors.newCachedThreadPool(DaemonThreads.named("watchdog-action"));

    /**
     * Watches what runs on {@code connection} until the returned watch is closed.
     *
     * @param timeout the server-side statement timeout the statement runs under
     */
    public Watch watch(Connection connection, Duration timeout, BackendTerminator terminator) throws SQLException {
        PGConnection session = connection.unwrap(PGConnection.class);
        int pid = session.getBackendPID();
        Watch watch = new Watch();
        long cancelAt = timeout.plus(CANCEL_GRACE).toMillis();
        watch.cancel = timer.schedule(() -> cancel(watch, session, pid), cancelAt, TimeUnit.MILLISECONDS);
        watch.abort = timer.schedule(
                () -> actions.execute(() -> abort(connection, pid, terminator)),
                cancelAt + ABORT_GRACE.toMillis(),
                TimeUnit.MILLISECONDS);
        return watch;
    }

    /**
     * Cancels whatever the backend runs: the connection's cancel request, since a JDBC statement's own cancel does
     * nothing once its execute returned, while a cursor's later fetches still run.
     */
    private static void cancel(Watch watch, PGConnection session, int pid) {
        watch.fired.set(true);
        log.warn("a statement outlived its timeout; cancelling it (backend pid {})", pid);
        try {
            session.cancelQuery();
        } catch (SQLException e) {
            log.warn("cancel request failed for backend pid {} (sqlstate={})", pid, e.getSQLState());
        }
    }

    private void abort(Connection connection, int pid, BackendTerminator terminator) {
        log.warn("backend pid {} ignored its cancel request; closing its connection and terminating it", pid);
        try {
            connection.abort(actions);
        } catch (SQLException e) {
            log.warn("could not abort the connection of backend pid {} (sqlstate={})", pid, e.getSQLState());
        }
        try {
            terminator.terminate(pid);
        } catch (SQLException e) {
            log.warn("could not terminate backend pid {} (sqlstate={})", pid, e.getSQLState());
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        actions.shutdown();
    }

    /** One watched statement; closing it before the deadline disarms the watchdog. */
    public static final class Watch implements AutoCloseable {
        private final AtomicBoolean fired = new AtomicBoolean();
        private volatile ScheduledFuture<?> cancel;
        private volatile ScheduledFuture<?> abort;

        /** Whether the deadline passed and the watchdog acted: the connection can no longer be trusted. */
        public boolean fired() {
            return fired.get();
        }

        @Override
        public void close() {
            cancel.cancel(false);
            abort.cancel(false);
        }
    }
}
