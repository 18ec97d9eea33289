package dev.schemarag.core.retry;

import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;

/**
 * Tells an outage (the database is unreachable, restarting or out of connections: waiting may help) from a
 * permanent failure (a missing privilege, a bad statement: waiting will not). Looks through the whole cause chain,
 * since pools and adapters wrap the driver's exception.
 */
public final class TransientFailures {
    /** SQLSTATEs of a server that is going away, starting, out of connections, or of a retryable conflict. */
    private static final Set<String> TRANSIENT_STATES = Set.of(
            "57P01", // admin_shutdown
            "57P02", // crash_shutdown
            "57P03", // cannot_connect_now (starting up, in recovery)
            "53300", // too_many_connections
            "40001", // serialization_failure
            "40P01"); // deadlock_detected

    private static final int MAX_DEPTH = 16;

    private TransientFailures() {}

    public static boolean isTransient(Throwable error) {
        Throwable t = error;
        for (int depth = 0; t != null && depth < MAX_DEPTH; depth++, t = t.getCause() == t ? null : t.getCause()) {
            // A pool's "connection is not available, request timed out": the database did not answer in time.
            if (t instanceof SQLTransientConnectionException || t instanceof SQLRecoverableException) return true;
            if (t instanceof SocketException || t instanceof SocketTimeoutException) return true;
            if (t instanceof SQLException sql && transientState(sql.getSQLState())) return true;
        }
        return false;
    }

    private static boolean transientState(String sqlState) {
        if (sqlState == null) return false;
        return sqlState.startsWith("08") || TRANSIENT_STATES.contains(sqlState); // class 08: connection exception
    }
}
