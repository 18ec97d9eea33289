package dev.schemarag.generation.execution;

import java.time.Duration;

/**
 * Port: runs one validated, read-only statement on a registered database as its reader role and reads at most
 * {@code maxRows} rows (and the configured byte cap) of its result. Failures come back as a value, never thrown.
 */
public interface QueryExecutor {

    /**
     * @param maxRows at most this many rows are read, and never more than the executor's own row cap
     * @param atMost the statement is cancelled after the configured statement timeout, or this if it is less
     */
    ExecutionOutcome execute(String databaseId, String sql, int maxRows, Duration atMost);
}
