package dev.schemarag.generation.service;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.generation.execution.ExecutionOutcome;
import dev.schemarag.generation.execution.QueryExecutor;
import dev.schemarag.generation.mysql.MySqlQueryExecutor;
import dev.schemarag.generation.postgres.PostgresQueryExecutor;
import java.time.Duration;

/** Executes on each registered database through the adapter of its dialect (see {@link TargetDatabasesByDialect}). */
public final class QueryExecutorsByDialect implements QueryExecutor, AutoCloseable {
    private final DatabaseRegistry registry;
    private final PostgresQueryExecutor postgres;
    private final MySqlQueryExecutor mysql;

    public QueryExecutorsByDialect(
            DatabaseRegistry registry, PostgresQueryExecutor postgres, MySqlQueryExecutor mysql) {
        this.registry = registry;
        this.postgres = postgres;
        this.mysql = mysql;
    }

    /** Checks the readers of every registered database, each by its adapter. */
    public void verifyReaders() {
        postgres.verifyReaders();
        mysql.verifyReaders();
    }

    @Override
    public ExecutionOutcome execute(String databaseId, Asker asker, String sql, int maxRows, Duration atMost) {
        QueryExecutor executor =
                TargetDatabasesByDialect.dialectOf(registry, databaseId) == SqlDialect.POSTGRESQL ? postgres : mysql;
        return executor.execute(databaseId, asker, sql, maxRows, atMost);
    }

    /** Closes the pools of an unregistered (or re-registered) database and forgets its reader checks. */
    public void forget(String databaseId) {
        postgres.forget(databaseId);
        mysql.forget(databaseId);
    }

    @Override
    public void close() {
        postgres.close();
        mysql.close();
    }
}
