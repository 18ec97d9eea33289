package dev.schemarag.generation.execution;

import dev.schemarag.core.config.Asker;
import java.time.Duration;

/**
 * Port: runs one validated, read-only statement on a registered database as the role its registration maps the asker
 * to (else as its reader role) and reads at most {@code maxRows} rows (and the configured byte cap) of its result. Failures come back as a value, never thrown.
 */
public interface QueryExecutor {

    /**
     * @param maxRows at most this many rows are read, and never more than the executor's own row cap
     * @param atMost the statement is cancelled after the configured statement timeout, or this if it is less
     */
    ExecutionOutcome execute(String databaseId, Asker asker, String sql, int maxRows, Duration atMost);
}
