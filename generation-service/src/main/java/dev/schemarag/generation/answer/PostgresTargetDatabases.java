package dev.schemarag.generation.answer;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.store.Database;
import dev.schemarag.generation.validation.SchemaColumns;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Adapter: EXPLAIN on the registered PostgreSQL databases, connected as the registry's user, which should be the
 * least-privilege {@link ReaderRole}. Every EXPLAIN runs in a READ ONLY transaction with a local statement_timeout
 * and is always rolled back, so even a guard bypass could neither write nor outlast the timeout.
 */
public final class PostgresTargetDatabases implements TargetDatabases, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(PostgresTargetDatabases.class);

    private final DatabaseRegistry registry;
    private final Duration statementTimeout;
    private final Map<String, Database> connections = new ConcurrentHashMap<>();

    public PostgresTargetDatabases(DatabaseRegistry registry, Duration statementTimeout) {
        this.registry = registry;
        this.statementTimeout = statementTimeout;
    }

    @Override
    public ExplainResult explain(String databaseId, String sql) {
        if (registry.find(databaseId).isEmpty())
            return new ExplainResult.Rejected(null, "database '" + databaseId + "' is not registered");
        Database database = database(databaseId);
        synchronized (database) {
            try {
                Connection c = database.connection();
                c.setAutoCommit(false);
                try (Statement st = c.createStatement()) {
                    st.execute("SET TRANSACTION READ ONLY");
                    st.execute("SET LOCAL statement_timeout = " + statementTimeout.toMillis());
                    StringBuilder plan = new StringBuilder();
                    try (ResultSet rs = st.executeQuery("EXPLAIN " + sql)) {
                        while (rs.next()) plan.append(rs.getString(1)).append('\n');
                    }
                    return new ExplainResult.Planned(plan.toString());
                } finally {
                    c.rollback();
                    c.setAutoCommit(true);
                }
            } catch (SQLException e) {
                log.warn("EXPLAIN failed: databaseId={} sqlstate={}", databaseId, e.getSQLState());
                return new ExplainResult.Rejected(e.getSQLState(), e.getMessage());
            }
        }
    }

    @Override
    public SchemaColumns columns(String databaseId, List<String> tables) {
        if (registry.find(databaseId).isEmpty() || tables.isEmpty()) return SchemaColumns.empty();
        Database database = database(databaseId);
        synchronized (database) {
            try (PreparedStatement ps = database.connection().prepareStatement("""
                    SELECT table_schema || '.' || table_name, column_name FROM information_schema.columns
                    WHERE table_schema || '.' || table_name = ANY (?) ORDER BY table_schema, table_name, ordinal_position""")) {
                Array names = ps.getConnection().createArrayOf("text", tables.toArray());
                ps.setArray(1, names);
                Map<String, List<String>> columns = new LinkedHashMap<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) columns.computeIfAbsent(rs.getString(1), t -> new ArrayList<>()).add(rs.getString(2));
                }
                return SchemaColumns.of(columns);
            } catch (SQLException e) {
                log.warn("cannot read columns: databaseId={} sqlstate={}", databaseId, e.getSQLState());
                return SchemaColumns.empty();
            }
        }
    }

    private Database database(String databaseId) {
        return connections.computeIfAbsent(databaseId, id -> {
            RegisteredDatabase registered = registry.find(id).orElseThrow();
            return new Database(registered.jdbcUrl(), registered.user(), registered.password());
        });
    }

    @Override
    public void close() {
        connections.values().forEach(Database::close);
    }
}
