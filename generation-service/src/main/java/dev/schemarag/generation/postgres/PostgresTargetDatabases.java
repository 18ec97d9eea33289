package dev.schemarag.generation.postgres;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.store.DatabaseBulkhead;
import dev.schemarag.core.store.TargetSessionLimits;
import dev.schemarag.generation.answer.ExplainResult;
import dev.schemarag.generation.answer.TargetDatabases;
import dev.schemarag.generation.validation.SchemaColumns;
import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adapter: EXPLAIN on the registered PostgreSQL databases as each registration's reader login, through the guarded
 * {@link ReaderSessions} (reader check, session refusals, single statement, READ ONLY transaction, limits, deadline,
 * bulkhead). The query itself never runs; EXPLAIN covers exactly the one statement the driver sends.
 */
public final class PostgresTargetDatabases implements TargetDatabases, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(PostgresTargetDatabases.class);

    private final DatabaseRegistry registry;
    private final ReaderSessions sessions;

    /** With the default session limits and bulkhead, and {@code statementTimeout}. */
    public PostgresTargetDatabases(DatabaseRegistry registry, Duration statementTimeout) {
        this(
                registry,
                TargetSessionLimits.DEFAULT.withStatementTimeout(statementTimeout),
                new DatabaseBulkhead(2),
                Duration.ofSeconds(1));
    }

    /**
     * @param bulkhead how many statements run at once on each database
     * @param queueWait how long a statement waits for a place in the bulkhead
     */
    public PostgresTargetDatabases(
            DatabaseRegistry registry, TargetSessionLimits limits, DatabaseBulkhead bulkhead, Duration queueWait) {
        this.registry = registry;
        this.sessions = new ReaderSessions("EXPLAIN", "target.concurrency", registry, limits, bulkhead, queueWait);
    }

    /**
     * Checks the reader of every registered database and fails, naming each offending role and the SQL that fixes it,
     * when one could change its database or none is registered. A database that cannot be reached now is checked at
     * its first question instead, so an outage does not stop the service.
     */
    public void verifyReaders() {
        sessions.verifyReaders("generation");
    }

    @Override
    public ExplainResult explain(String databaseId, Asker asker, String sql, Duration atMost) {
        return sessions.<String>run(databaseId, asker, "EXPLAIN " + sql, atMost, rs -> {
                    StringBuilder plan = new StringBuilder();
                    while (rs.next()) plan.append(rs.getString(1)).append('\n');
                    return plan.toString();
                })
                .fold(ExplainResult.Planned::new, ExplainResult.Rejected::new, ExplainResult.Refused::new);
    }

    @Override
    public Optional<String> sessionRole(String databaseId, Asker asker) {
        return admits(databaseId, asker) ? sessions.sessionRole(databaseId, asker) : Optional.empty();
    }

    @Override
    public boolean admits(String databaseId, Asker asker) {
        // An unregistered database is refused as such by EXPLAIN, with its own message.
        return registry.find(databaseId)
                .map(db -> db.principals().admits(asker))
                .orElse(true);
    }

    @Override
    public boolean executes(String databaseId) {
        return registry.find(databaseId).map(RegisteredDatabase::execute).orElse(false);
    }

    /** From the registration's JDBC URL; an unregistered database, which EXPLAIN refuses as such, reads as PostgreSQL. */
    @Override
    public SqlDialect dialect(String databaseId) {
        return registry.find(databaseId)
                .flatMap(db -> SqlDialect.ofJdbcUrl(db.jdbcUrl()))
                .orElse(SqlDialect.POSTGRESQL);
    }

    @Override
    public SchemaColumns columns(String databaseId, List<String> tables) {
        if (tables.isEmpty()) return SchemaColumns.empty();
        try {
            return sessions.catalog(databaseId, c -> {
                        try (PreparedStatement ps = c.prepareStatement("""
                                SELECT table_schema || '.' || table_name, column_name FROM information_schema.columns
                                WHERE table_schema || '.' || table_name = ANY (?) ORDER BY table_schema, table_name, ordinal_position""")) {
                            Array names = c.createArrayOf("text", tables.toArray());
                            ps.setArray(1, names);
                            Map<String, List<String>> columns = new LinkedHashMap<>();
                            try (ResultSet rs = ps.executeQuery()) {
                                while (rs.next())
                                    columns.computeIfAbsent(rs.getString(1), t -> new ArrayList<>())
                                            .add(rs.getString(2));
                            }
                            return SchemaColumns.of(columns);
                        }
                    })
                    .orElse(SchemaColumns.empty());
        } catch (SQLException e) {
            log.warn("cannot read columns: databaseId={} sqlstate={}", databaseId, e.getSQLState());
            return SchemaColumns.empty();
        }
    }

    @Override
    public void close() {
        sessions.close();
    }

    /**
     * Closes the pool of an unregistered (or re-registered) database and forgets its reader check: a registration
     * that comes back is connected and checked again with its new login.
     */
    public void forget(String databaseId) {
        sessions.forget(databaseId);
    }
}
