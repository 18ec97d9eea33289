package dev.schemarag.generation.mysql;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.store.DatabaseBulkhead;
import dev.schemarag.generation.execution.ExecutionOutcome;
import dev.schemarag.generation.execution.PiiMask;
import dev.schemarag.generation.execution.QueryExecutor;
import dev.schemarag.generation.execution.ResultLimits;
import dev.schemarag.generation.jdbc.CappedResultReader;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adapter: runs validated statements on the registered MySQL and MariaDB databases as each registration's reader
 * login, through the same guarded {@link MySqlReaderSessions} as EXPLAIN, and streams their result (the driver reads
 * {@code fetchSize} rows at a time) within the {@link ResultLimits}: cells as the server's text, column types from the
 * result's metadata. Every result is masked by its database's {@link PiiMask}; no cell value is ever logged.
 */
public final class MySqlQueryExecutor implements QueryExecutor, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(MySqlQueryExecutor.class);

    private final MySqlReaderSessions sessions;
    private final ResultLimits limits;
    private final Function<String, PiiMask> masks;

    /**
     * @param statementTimeout the time bound of an executed statement, reading its rows included
     * @param bulkhead how many statements run at once on each database
     * @param queueWait how long a statement waits for a place in the bulkhead
     * @param masks the PII mask of a database, by id; may throw when the database's annotations cannot be read
     */
    public MySqlQueryExecutor(
            DatabaseRegistry registry,
            Duration statementTimeout,
            DatabaseBulkhead bulkhead,
            Duration queueWait,
            ResultLimits limits,
            Function<String, PiiMask> masks) {
        this.sessions = new MySqlReaderSessions(
                "execution", "execution.concurrency", registry, statementTimeout, bulkhead, queueWait);
        this.limits = limits;
        this.masks = masks;
    }

    /** Refuses to go on when a registered MySQL or MariaDB reader holds more than SELECT. */
    public void verifyReaders() {
        sessions.verifyReaders("execution");
    }

    @Override
    public ExecutionOutcome execute(String databaseId, Asker asker, String sql, int maxRows, Duration atMost) {
        Optional<String> login = sessions.sessionRole(databaseId);
        if (login.isEmpty())
            return new ExecutionOutcome.Rejected(
                    ErrorClass.UNKNOWN, null, "database '" + databaseId + "' is not registered");
        PiiMask mask;
        try {
            mask = masks.apply(databaseId);
        } catch (RuntimeException e) {
            log.error("not executing on {}: its PII annotations cannot be read ({})", databaseId, e.getMessage());
            return new ExecutionOutcome.Refused(
                    ErrorClass.INFRA_FAILURE,
                    "the annotations of database '" + databaseId + "' cannot be read, so its PII columns are unknown: "
                            + e.getMessage());
        }
        CappedResultReader read = new CappedResultReader(
                limits.rowCap(maxRows), limits.maxBytes(), limits.fetchSize(), login.get(), MySqlResultColumns::of);
        return mask.apply(
                sql,
                MySqlReaderSessions.fold(
                        sessions.run(databaseId, asker, sql, atMost, read),
                        rows -> rows,
                        ExecutionOutcome.Rejected::new,
                        ExecutionOutcome.Refused::new));
    }

    /** Closes the pool of an unregistered (or re-registered) database and forgets its reader check. */
    public void forget(String databaseId) {
        sessions.forget(databaseId);
    }

    @Override
    public void close() {
        sessions.close();
    }
}
