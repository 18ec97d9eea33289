package dev.schemarag.generation.postgres;

import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.JdbcArrays;
import dev.schemarag.generation.cache.AnswerCacheException;
import dev.schemarag.generation.cache.AnswerCacheKey;
import dev.schemarag.generation.cache.AnswerCacheStore;
import dev.schemarag.generation.cache.CachedAnswer;
import dev.schemarag.generation.cache.TableChange;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Adapter: the answer cache in the store's {@code answer_cache} table (migrations V11, V15, V19), its freshness read from
 * {@code catalog_table_versions} (V6) in the same statement as the entry, so that both come from one snapshot.
 */
public final class PostgresAnswerCache implements AnswerCacheStore {
    private static final String KEY =
            "a.database_id = ? AND a.role_name = ? AND a.question_hash = ? AND a.settings_hash = ?";

    private final Database store;

    public PostgresAnswerCache(Database store) {
        this.store = store;
    }

    /**
     * One row per change of a table the entry may read after its version (by qualified or bare name, as stored), or
     * one row without a change: an index scan of the entry and a range scan of {@code catalog_table_versions_since}.
     */
    @Override
    public Optional<Found> find(AnswerCacheKey key, Duration ttl) throws AnswerCacheException {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("""
                SELECT a.question_id, a.question, a.sql, a.explanation, a.confidence, a.tables_used, a.assumptions,
                    a.reads_tables, a.lint_warnings, a.catalog_version, t.schema_name, t.table_name, t.version
                FROM answer_cache a
                LEFT JOIN catalog_table_versions t ON t.database_id = a.database_id AND t.version > a.catalog_version
                    AND (lower(t.schema_name || '.' || t.table_name) = ANY (a.reads_tables)
                        OR lower(t.table_name) = ANY (a.reads_tables))
                WHERE %s AND a.created_at > now() - ? * interval '1 millisecond'""".formatted(KEY))) {
            int next = setKey(ps, key);
            ps.setLong(next, ttl.toMillis());
            CachedAnswer answer = null;
            List<TableChange> changes = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (answer == null)
                        answer = new CachedAnswer(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getDouble(5),
                                JdbcArrays.strings(rs.getArray(6)),
                                JdbcArrays.strings(rs.getArray(7)),
                                JdbcArrays.strings(rs.getArray(8)),
                                JdbcArrays.strings(rs.getArray(9)),
                                rs.getLong(10));
                    if (rs.getString(11) != null)
                        changes.add(new TableChange(rs.getString(11), rs.getString(12), rs.getLong(13)));
                }
            }
            return answer == null ? Optional.empty() : Optional.of(new Found(answer, changes));
        } catch (SQLException e) {
            throw new AnswerCacheException(e);
        }
    }

    @Override
    public void put(AnswerCacheKey key, String principal, CachedAnswer answer) throws AnswerCacheException {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("""
                INSERT INTO answer_cache (database_id, role_name, question_hash, settings_hash, question, question_id, sql,
                    explanation, confidence, tables_used, assumptions, reads_tables, lint_warnings, catalog_version,
                    principal)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (database_id, role_name, question_hash, settings_hash) DO UPDATE SET
                    question = excluded.question, question_id = excluded.question_id, sql = excluded.sql,
                    explanation = excluded.explanation, confidence = excluded.confidence,
                    tables_used = excluded.tables_used, assumptions = excluded.assumptions,
                    reads_tables = excluded.reads_tables, lint_warnings = excluded.lint_warnings,
                    catalog_version = excluded.catalog_version,
                    principal = excluded.principal, created_at = now()""")) {
            int next = setKey(ps, key);
            ps.setString(next++, answer.question());
            ps.setString(next++, answer.questionId());
            ps.setString(next++, answer.sql());
            ps.setString(next++, answer.explanation());
            ps.setDouble(next++, answer.confidence());
            ps.setArray(next++, c.createArrayOf("text", answer.tablesUsed().toArray()));
            ps.setArray(next++, c.createArrayOf("text", answer.assumptions().toArray()));
            ps.setArray(next++, c.createArrayOf("text", answer.reads().toArray()));
            ps.setArray(next++, c.createArrayOf("text", answer.lintWarnings().toArray()));
            ps.setLong(next++, answer.catalogVersion());
            ps.setString(next, principal);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new AnswerCacheException(e);
        }
    }

    @Override
    public void forget(AnswerCacheKey key) throws AnswerCacheException {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("DELETE FROM answer_cache a WHERE " + KEY)) {
            setKey(ps, key);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new AnswerCacheException(e);
        }
    }

    @Override
    public int prune(String databaseId, int maxEntries, Duration ttl) throws AnswerCacheException {
        try (Connection c = store.borrow();
                PreparedStatement expired = c.prepareStatement("""
                DELETE FROM answer_cache WHERE database_id = ? AND created_at <= now() - ? * interval '1 millisecond'""");
                PreparedStatement beyond = c.prepareStatement("""
                DELETE FROM answer_cache WHERE ctid IN (
                    SELECT ctid FROM answer_cache WHERE database_id = ? ORDER BY created_at DESC OFFSET ?)""")) {
            expired.setString(1, databaseId);
            expired.setLong(2, ttl.toMillis());
            beyond.setString(1, databaseId);
            beyond.setInt(2, maxEntries);
            return expired.executeUpdate() + beyond.executeUpdate();
        } catch (SQLException e) {
            throw new AnswerCacheException(e);
        }
    }

    @Override
    public int forgetRejected(String questionId) throws AnswerCacheException {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("""
                DELETE FROM answer_cache a USING verified_examples e
                WHERE e.question_id = ? AND a.database_id = e.database_id AND a.sql = e.sql""")) {
            ps.setString(1, questionId);
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw new AnswerCacheException(e);
        }
    }

    /** Sets the key's four parameters; returns the index of the next. */
    private static int setKey(PreparedStatement ps, AnswerCacheKey key) throws SQLException {
        ps.setString(1, key.databaseId());
        ps.setString(2, key.role());
        ps.setString(3, key.questionHash());
        ps.setString(4, key.settingsHash());
        return 5;
    }
}
