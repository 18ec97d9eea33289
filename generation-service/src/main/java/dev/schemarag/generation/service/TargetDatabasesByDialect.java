package dev.schemarag.generation.service;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.generation.answer.ExplainResult;
import dev.schemarag.generation.answer.TargetDatabases;
import dev.schemarag.generation.mysql.MySqlTargetDatabases;
import dev.schemarag.generation.postgres.PostgresTargetDatabases;
import dev.schemarag.generation.validation.SchemaColumns;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The registered databases through the adapter of each one's dialect, from its JDBC URL: PostgreSQL, or MySQL and
 * MariaDB. A database not registered goes to PostgreSQL's, which refuses it as such.
 */
public final class TargetDatabasesByDialect implements TargetDatabases, AutoCloseable {
    private final DatabaseRegistry registry;
    private final PostgresTargetDatabases postgres;
    private final MySqlTargetDatabases mysql;

    public TargetDatabasesByDialect(
            DatabaseRegistry registry, PostgresTargetDatabases postgres, MySqlTargetDatabases mysql) {
        this.registry = registry;
        this.postgres = postgres;
        this.mysql = mysql;
    }

    /** Checks the readers of every registered database, each by its adapter (see theirs). */
    public void verifyReaders() {
        postgres.verifyReaders();
        mysql.verifyReaders();
    }

    @Override
    public ExplainResult explain(String databaseId, Asker asker, String sql, Duration atMost) {
        return of(databaseId).explain(databaseId, asker, sql, atMost);
    }

    @Override
    public boolean admits(String databaseId, Asker asker) {
        return of(databaseId).admits(databaseId, asker);
    }

    @Override
    public boolean executes(String databaseId) {
        return of(databaseId).executes(databaseId);
    }

    @Override
    public SqlDialect dialect(String databaseId) {
        return dialectOf(registry, databaseId);
    }

    @Override
    public Optional<String> sessionRole(String databaseId, Asker asker) {
        return of(databaseId).sessionRole(databaseId, asker);
    }

    @Override
    public SchemaColumns columns(String databaseId, List<String> tables) {
        return of(databaseId).columns(databaseId, tables);
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

    private TargetDatabases of(String databaseId) {
        return dialectOf(registry, databaseId) == SqlDialect.POSTGRESQL ? postgres : mysql;
    }

    /** From the registration's JDBC URL; an unregistered database reads as PostgreSQL. */
    static SqlDialect dialectOf(DatabaseRegistry registry, String databaseId) {
        return registry.find(databaseId)
                .flatMap(db -> SqlDialect.ofJdbcUrl(db.jdbcUrl()))
                .orElse(SqlDialect.POSTGRESQL);
    }
}
