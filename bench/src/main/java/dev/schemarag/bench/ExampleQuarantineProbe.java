package dev.schemarag.bench;

import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.SqlQuoting;
import dev.schemarag.generation.examples.ExampleStatus;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Times what a schema change does to the examples that read it, the way a migration would: renames the column that
 * the most served examples read, waits until the store serves none of them (the generation service re-checked and
 * quarantined them), renames it back and waits until it serves them all again. The column is chosen from the
 * examples' stored dependencies, not named: any database with examples has one. Polled every {@code POLL}, so the
 * figures are that much coarse.
 */
final class ExampleQuarantineProbe {
    private static final Duration POLL = Duration.ofMillis(10);
    private static final String SERVED = ExampleStatus.servedSqlList();
    /** Columns read by examples of one table: a rename of that column can only break them. */
    private static final String MOST_READ = """
            SELECT tables[1], col, count(*) FROM (
                SELECT reads_tables AS tables, unnest(reads_columns) AS col FROM verified_examples
                WHERE database_id = ? AND status IN (%s) AND quarantine_reason IS NULL
                    AND cardinality(reads_tables) = 1) AS reads
            GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2""".formatted(SERVED);

    private static final String STILL_SERVED = """
            SELECT count(*) FROM verified_examples
            WHERE database_id = ? AND status IN (%s) AND quarantine_reason IS NULL
                AND ? = ANY (reads_tables) AND ? = ANY (reads_columns)""".formatted(SERVED);
    private static final String SUFFIX = "_renamed_by_bench";

    /** The column renamed, how many examples read it, and how long after each commit the store showed it. */
    record Figures(String column, int examples, Long quarantineMs, Long restoreMs) {
        Map<String, Object> asMap() {
            Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("column", column);
            figures.put("examples", examples);
            figures.put("quarantine_ms", quarantineMs);
            figures.put("restore_ms", restoreMs);
            return figures;
        }
    }

    private ExampleQuarantineProbe() {}

    /** Empty when no served example reads a column of a single table that the target database has. */
    static Optional<Figures> run(Database store, Connection target, String databaseId, Duration timeout)
            throws SQLException, InterruptedException {
        Optional<Read> read = mostRead(store, target, databaseId);
        if (read.isEmpty()) return Optional.empty();
        Read r = read.get();
        String table = SqlQuoting.identifier(r.schema) + "." + SqlQuoting.identifier(r.table);
        long renamed = ddl(
                target,
                "ALTER TABLE " + table + " RENAME COLUMN " + SqlQuoting.identifier(r.column) + " TO "
                        + SqlQuoting.identifier(r.column + SUFFIX));
        Long quarantineMs = await(store, databaseId, r, 0, renamed, timeout);
        long back = ddl(
                target,
                "ALTER TABLE " + table + " RENAME COLUMN " + SqlQuoting.identifier(r.column + SUFFIX) + " TO "
                        + SqlQuoting.identifier(r.column));
        Long restoreMs = await(store, databaseId, r, r.examples, back, timeout);
        return Optional.of(new Figures(r.storedTable + "." + r.column, r.examples, quarantineMs, restoreMs));
    }

    /** A column read by served examples, as stored and as the target names it. */
    private record Read(String storedTable, String schema, String table, String column, int examples) {}

    private static Optional<Read> mostRead(Database store, Connection target, String databaseId) throws SQLException {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(MOST_READ)) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String storedTable = rs.getString(1);
                    Optional<String> schema = schemaOf(target, storedTable, rs.getString(2));
                    if (schema.isPresent()) {
                        String bare = storedTable.substring(storedTable.lastIndexOf('.') + 1);
                        return Optional.of(new Read(
                                storedTable,
                                schema.get(),
                                bare,
                                rs.getString(2),
                                served(store, databaseId, storedTable, rs.getString(2))));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The schema of the target's table that has the column, when the stored name (bare or qualified) names one. */
    private static Optional<String> schemaOf(Connection target, String storedTable, String column) throws SQLException {
        int dot = storedTable.lastIndexOf('.');
        try (PreparedStatement ps = target.prepareStatement("""
                SELECT table_schema FROM information_schema.columns
                WHERE table_name = ? AND column_name = ? AND (?::text IS NULL OR table_schema = ?)
                ORDER BY table_schema = ANY (current_schemas(false)) DESC, table_schema LIMIT 1""")) {
            String schema = dot < 0 ? null : storedTable.substring(0, dot);
            ps.setString(1, storedTable.substring(dot + 1));
            ps.setString(2, column);
            ps.setString(3, schema);
            ps.setString(4, schema);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    private static int served(Database store, String databaseId, String storedTable, String column)
            throws SQLException {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(STILL_SERVED)) {
            ps.setString(1, databaseId);
            ps.setString(2, storedTable);
            ps.setString(3, column);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** Runs one statement, autocommitted; when it committed, in epoch ms. */
    private static long ddl(Connection target, String sql) throws SQLException {
        try (Statement s = target.createStatement()) {
            s.execute(sql);
        }
        return System.currentTimeMillis();
    }

    /** Milliseconds from {@code committed} until the store serves {@code expected} of them; null past the timeout. */
    private static Long await(Database store, String databaseId, Read r, int expected, long committed, Duration timeout)
            throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (served(store, databaseId, r.storedTable, r.column) == expected)
                return System.currentTimeMillis() - committed;
            Thread.sleep(POLL.toMillis());
        }
        return null;
    }
}
