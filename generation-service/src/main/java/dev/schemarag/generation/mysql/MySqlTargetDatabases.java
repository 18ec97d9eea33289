package dev.schemarag.generation.mysql;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.store.DatabaseBulkhead;
import dev.schemarag.generation.answer.ExplainResult;
import dev.schemarag.generation.answer.TargetDatabases;
import dev.schemarag.generation.validation.SchemaColumns;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adapter: EXPLAIN on the registered MySQL and MariaDB databases as each registration's reader login, through the
 * guarded {@link MySqlReaderSessions} (grant check, server-side prepared statement, READ ONLY transaction, time bound,
 * deadline, bulkhead). The query itself never runs.
 */
public final class MySqlTargetDatabases implements TargetDatabases, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(MySqlTargetDatabases.class);

    private final DatabaseRegistry registry;
    private final MySqlReaderSessions sessions;

    /**
     * @param statementTimeout the time bound of EXPLAIN
     * @param bulkhead how many statements run at once on each database
     * @param queueWait how long a statement waits for a place in the bulkhead
     */
    public MySqlTargetDatabases(
            DatabaseRegistry registry, Duration statementTimeout, DatabaseBulkhead bulkhead, Duration queueWait) {
        this.registry = registry;
        this.sessions = new MySqlReaderSessions(
                "EXPLAIN", "target.concurrency", registry, statementTimeout, bulkhead, queueWait);
    }

    /** Refuses to go on when a registered MySQL or MariaDB reader holds more than SELECT. */
    public void verifyReaders() {
        sessions.verifyReaders("generation");
    }

    @Override
    public ExplainResult explain(String databaseId, Asker asker, String sql, Duration atMost) {
        // EXPLAIN's rows are a table, not text: each row's cells joined by tabs, as the mariadb client prints them.
        return MySqlReaderSessions.fold(
                sessions.run(databaseId, asker, "EXPLAIN " + sql, atMost, rs -> {
                    StringBuilder plan = new StringBuilder();
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        for (int i = 1; i <= columns; i++)
                            plan.append(i > 1 ? "\t" : "").append(rs.getString(i));
                        plan.append('\n');
                    }
                    return plan.toString();
                }),
                ExplainResult.Planned::new,
                ExplainResult.Rejected::new,
                ExplainResult.Refused::new);
    }

    @Override
    public boolean admits(String databaseId, Asker asker) {
        return registry.find(databaseId)
                .map(db -> db.principals().admits(asker)
                        && db.principals().roleOf(asker).isEmpty())
                .orElse(true);
    }

    @Override
    public boolean executes(String databaseId) {
        return registry.find(databaseId).map(RegisteredDatabase::execute).orElse(false);
    }

    @Override
    public SqlDialect dialect(String databaseId) {
        return registry.find(databaseId)
                .flatMap(db -> SqlDialect.ofJdbcUrl(db.jdbcUrl()))
                .orElse(SqlDialect.MYSQL);
    }

    @Override
    public Optional<String> sessionRole(String databaseId, Asker asker) {
        return admits(databaseId, asker) ? sessions.sessionRole(databaseId) : Optional.empty();
    }

    /** Columns of "schema.table" names; a MySQL schema is its database. */
    @Override
    public SchemaColumns columns(String databaseId, List<String> tables) {
        if (tables.isEmpty()) return SchemaColumns.empty();
        String placeholders = tables.stream().map(t -> "?").collect(Collectors.joining(", "));
        try {
            return sessions.catalog(databaseId, c -> {
                        try (PreparedStatement ps = c.prepareStatement("SELECT CONCAT(TABLE_SCHEMA, '.', TABLE_NAME),"
                                + " COLUMN_NAME FROM information_schema.COLUMNS WHERE CONCAT(TABLE_SCHEMA, '.',"
                                + " TABLE_NAME) IN (" + placeholders + ")"
                                + " ORDER BY TABLE_SCHEMA, TABLE_NAME, ORDINAL_POSITION")) {
                            for (int i = 0; i < tables.size(); i++) ps.setString(i + 1, tables.get(i));
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

    /** Closes the pool of an unregistered (or re-registered) database and forgets its reader check. */
    public void forget(String databaseId) {
        sessions.forget(databaseId);
    }

    @Override
    public void close() {
        sessions.close();
    }
}
