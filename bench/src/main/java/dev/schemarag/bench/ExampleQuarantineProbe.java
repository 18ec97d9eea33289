package dev.schemarag.bench;

import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.SqlQuoting;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.generation.examples.ExampleStatus;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Times what a schema change does to the examples that read it, the way a migration would: renames the column that
 * the most served examples read, waits until the store serves none of them (the generation service re-checked and
 * quarantined them), renames it back and waits until it serves them all again. The column is chosen from the
 * examples' stored dependencies, not named: any database with examples has one. Polled every {@code POLL}, so the
 * figures are that much coarse.
 *
 * <p>With a replay, questions made from the served examples' own questions ({@link ReplayQuestions}) are asked once
 * before the rename, so that the answer cache holds their answers, and again while the column is renamed: the
 * figures count the answers that used a quarantined example or a stale cached answer ({@link ReplayFigures}).
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

    private static final String SERVED_EXAMPLES = """
            SELECT question, sql, coalesce(? = ANY (reads_tables) AND ? = ANY (reads_columns), false)
            FROM verified_examples
            WHERE database_id = ? AND status IN (%s) AND quarantine_reason IS NULL
            ORDER BY id""".formatted(SERVED);

    /**
     * The column renamed, how many examples read it, how long after each commit the store showed it, and the replay's
     * figures (null without one).
     */
    record Figures(String column, int examples, Long quarantineMs, Long restoreMs, Map<String, Object> replay) {
        Map<String, Object> asMap() {
            Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("column", column);
            figures.put("examples", examples);
            figures.put("quarantine_ms", quarantineMs);
            figures.put("restore_ms", restoreMs);
            figures.put("replay", replay);
            return figures;
        }
    }

    /** Asks the questions and returns each one's answers, in order; none for a question that got no answer. */
    @FunctionalInterface
    interface Asker {
        List<List<AnswerValidated>> ask(List<ReplayQuestions.Question> questions) throws Exception;
    }

    private ExampleQuarantineProbe() {}

    /**
     * Empty when no served example reads a column of a single table that the target database has. {@code replay}
     * questions are asked through {@code asker} (none: no replay); {@code tag} keeps their texts apart from other runs'.
     */
    static Optional<Figures> run(
            Database store, Connection target, String databaseId, Duration timeout, int replay, String tag, Asker asker)
            throws Exception {
        Optional<Read> read = mostRead(store, target, databaseId);
        if (read.isEmpty()) return Optional.empty();
        Read r = read.get();
        List<ReplayQuestions.Question> questions =
                ReplayQuestions.of(servedExamples(store, databaseId, r), replay, tag);
        if (!questions.isEmpty()) asker.ask(questions); // their answers are cached before the rename
        String table = SqlQuoting.identifier(r.schema) + "." + SqlQuoting.identifier(r.table);
        String renameAway = "ALTER TABLE " + table + " RENAME COLUMN " + SqlQuoting.identifier(r.column) + " TO "
                + SqlQuoting.identifier(r.column + SUFFIX);
        String renameBack = "ALTER TABLE " + table + " RENAME COLUMN " + SqlQuoting.identifier(r.column + SUFFIX)
                + " TO " + SqlQuoting.identifier(r.column);
        long renamed = ddl(target, renameAway);
        Long quarantineMs;
        Map<String, Object> replayed = null;
        try {
            quarantineMs = await(store, databaseId, r, 0, renamed, timeout);
            if (!questions.isEmpty())
                replayed = ReplayFigures.of(
                        new ReplayFigures.Renamed(r.schema, r.table, r.column),
                        quarantined(store, databaseId),
                        questions,
                        asker.ask(questions));
        } catch (Exception | Error e) {
            ddl(target, renameBack); // never leave the database renamed
            throw e;
        }
        long back = ddl(target, renameBack);
        Long restoreMs = await(store, databaseId, r, r.examples, back, timeout);
        return Optional.of(new Figures(r.storedTable + "." + r.column, r.examples, quarantineMs, restoreMs, replayed));
    }

    /** The served examples, each saying whether it reads the column to be renamed. */
    private static List<ReplayQuestions.Example> servedExamples(Database store, String databaseId, Read r)
            throws SQLException {
        List<ReplayQuestions.Example> examples = new ArrayList<>();
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(SERVED_EXAMPLES)) {
            ps.setString(1, r.storedTable);
            ps.setString(2, r.column);
            ps.setString(3, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next())
                    examples.add(new ReplayQuestions.Example(rs.getString(1), rs.getString(2), rs.getBoolean(3)));
            }
        }
        return examples;
    }

    /** The doc chunks and examples of the database that the store holds quarantined now. */
    private static ReplayFigures.Quarantined quarantined(Database store, String databaseId) throws SQLException {
        return new ReplayFigures.Quarantined(
                strings(
                        store,
                        "SELECT content FROM doc_chunks WHERE database_id = ? AND quarantine_reason IS NOT NULL",
                        databaseId),
                strings(
                        store,
                        "SELECT sql FROM verified_examples WHERE database_id = ? AND quarantine_reason IS NOT NULL",
                        databaseId));
    }

    private static Set<String> strings(Database store, String sql, String databaseId) throws SQLException {
        Set<String> values = new HashSet<>();
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) values.add(rs.getString(1));
            }
        }
        return values;
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
