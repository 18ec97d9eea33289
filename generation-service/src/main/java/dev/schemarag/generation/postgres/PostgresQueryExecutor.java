package dev.schemarag.generation.postgres;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.store.DatabaseBulkhead;
import dev.schemarag.core.store.TargetSessionLimits;
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
 * Adapter: runs validated statements on the registered PostgreSQL databases as each registration's reader login,
 * through the same guarded {@link ReaderSessions} as EXPLAIN (reader check, session refusals, single statement, READ
 * ONLY transaction, limits, deadline, bulkhead, always rolled back), and reads their result through a cursor within
 * the {@link ResultLimits}. Every result is masked by its database's {@link PiiMask} before it leaves: a mask that
 * cannot be read refuses the statement rather than show what it would hide. No cell value is ever logged.
 */
public final class PostgresQueryExecutor implements QueryExecutor, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(PostgresQueryExecutor.class);

    private final ReaderSessions sessions;
    private final ResultLimits limits;
    private final Function<String, PiiMask> masks;

    /**
     * @param bulkhead how many statements run at once on each database
     * @param queueWait how long a statement waits for a place in the bulkhead
     * @param masks the PII mask of a database, by id; may throw when the database's annotations cannot be read
     */
    public PostgresQueryExecutor(
            DatabaseRegistry registry,
            TargetSessionLimits sessionLimits,
            DatabaseBulkhead bulkhead,
            Duration queueWait,
            ResultLimits limits,
            Function<String, PiiMask> masks) {
        this.sessions =
                new ReaderSessions("execution", "execution.concurrency", registry, sessionLimits, bulkhead, queueWait);
        this.limits = limits;
        this.masks = masks;
    }

    /** Refuses to go on when a registered reader could change its database (see {@link ReaderSessions}). */
    public void verifyReaders() {
        sessions.verifyReaders("execution");
    }

    @Override
    public ExecutionOutcome execute(String databaseId, Asker asker, String sql, int maxRows, Duration atMost) {
        int rowCap = limits.rowCap(maxRows);
        Optional<String> role = sessions.sessionRole(databaseId, asker);
        if (role.isEmpty())
            return new ExecutionOutcome.Rejected(null, "database '" + databaseId + "' is not registered");
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
                rowCap, limits.maxBytes(), limits.fetchSize(), role.get(), PostgresResultColumns::of);
        return mask.apply(
                sql,
                sessions.run(databaseId, asker, sql, atMost, read)
                        .fold(rows -> rows, ExecutionOutcome.Rejected::new, ExecutionOutcome.Refused::new));
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
