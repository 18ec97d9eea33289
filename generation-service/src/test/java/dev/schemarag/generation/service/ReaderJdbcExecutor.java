package dev.schemarag.generation.service;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.generation.execution.ExecutionOutcome;
import dev.schemarag.generation.execution.QueryExecutor;
import dev.schemarag.generation.execution.ResultColumn;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A minimal JDBC executor for the tests of the stage, standing in for the production adapter: the statement runs as
 * the reader in a READ ONLY transaction under a statement timeout, and at most {@code maxRows} rows are read, each
 * cell as the driver's text.
 */
final class ReaderJdbcExecutor implements QueryExecutor {
    private final String jdbcUrl;
    private final Credentials reader;
    private final Duration statementTimeout;

    ReaderJdbcExecutor(String jdbcUrl, Credentials reader, Duration statementTimeout) {
        this.jdbcUrl = jdbcUrl;
        this.reader = reader;
        this.statementTimeout = statementTimeout;
    }

    @Override
    public ExecutionOutcome execute(String databaseId, String sql, int maxRows, Duration atMost) {
        long timeout = Math.max(1, Math.min(statementTimeout.toMillis(), atMost.toMillis()));
        long started = System.nanoTime();
        try (Connection c = DriverManager.getConnection(jdbcUrl, reader.user(), reader.password())) {
            c.setAutoCommit(false);
            c.setReadOnly(true);
            try (Statement st = c.createStatement()) {
                st.execute("SET LOCAL statement_timeout = " + timeout);
                st.setMaxRows(maxRows + 1);
                try (ResultSet rs = st.executeQuery(sql)) {
                    ResultSetMetaData meta = rs.getMetaData();
                    List<ResultColumn> columns = new ArrayList<>();
                    for (int i = 1; i <= meta.getColumnCount(); i++)
                        columns.add(
                                new ResultColumn(meta.getColumnLabel(i), meta.getColumnTypeName(i), Optional.empty()));
                    List<List<String>> rows = new ArrayList<>();
                    boolean truncated = false;
                    while (rs.next()) {
                        if (rows.size() == maxRows) {
                            truncated = true;
                            break;
                        }
                        List<String> row = new ArrayList<>();
                        for (int i = 1; i <= columns.size(); i++) row.add(rs.getString(i));
                        rows.add(row);
                    }
                    long ms = Duration.ofNanos(System.nanoTime() - started).toMillis();
                    return new ExecutionOutcome.Rows(columns, rows, truncated, ms, reader.user());
                }
            } finally {
                c.rollback();
            }
        } catch (SQLException e) {
            return new ExecutionOutcome.Rejected(e.getSQLState(), e.getMessage());
        }
    }
}
