package dev.schemarag.retrieval.pgvector;

import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.JdbcArrays;
import dev.schemarag.retrieval.cache.AnswerCacheProbe;
import dev.schemarag.retrieval.cache.CachedAnswerHit;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Adapter: the answer cache's probe over the store's {@code answer_cache} (migrations V11, V15), an entry fresh while
 * {@code catalog_table_versions} (V6) holds no change after its version of a table it reads, by qualified or bare name,
 * as generation's own lookup narrows them. One statement, so the entry and its freshness come from one snapshot: an
 * index scan of the entry and a range scan of the changes. It reads the whole entry, which the question carries on to
 * generation.
 */
public final class PostgresAnswerCacheProbe implements AnswerCacheProbe {
    private final Database store;

    public PostgresAnswerCacheProbe(Database store) {
        this.store = store;
    }

    @Override
    public Optional<CachedAnswerHit> freshEntry(String databaseId, String principal, String questionHash) {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("""
                SELECT a.question_id, a.role_name, a.question_hash, a.settings_hash, a.question, a.sql, a.explanation,
                    a.confidence, a.tables_used, a.assumptions, a.reads_tables, a.lint_warnings, a.catalog_version,
                    a.created_at
                FROM answer_cache a
                WHERE a.database_id = ? AND a.question_hash = ? AND a.principal = ?
                    AND NOT EXISTS (SELECT 1 FROM catalog_table_versions t
                        WHERE t.database_id = a.database_id AND t.version > a.catalog_version
                            AND (lower(t.schema_name || '.' || t.table_name) = ANY (a.reads_tables)
                                OR lower(t.table_name) = ANY (a.reads_tables)))
                ORDER BY a.created_at DESC LIMIT 1""")) {
            ps.setString(1, databaseId);
            ps.setString(2, questionHash);
            ps.setString(3, principal);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return Optional.empty();
                return Optional.of(new CachedAnswerHit(
                        databaseId,
                        rs.getString(1),
                        new CachedAnswerHit.Entry(
                                rs.getString(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getString(5),
                                rs.getString(6),
                                rs.getString(7),
                                rs.getDouble(8),
                                JdbcArrays.strings(rs.getArray(9)),
                                JdbcArrays.strings(rs.getArray(10)),
                                JdbcArrays.strings(rs.getArray(11)),
                                JdbcArrays.strings(rs.getArray(12)),
                                rs.getLong(13),
                                rs.getTimestamp(14).toInstant())));
            }
        } catch (SQLException e) {
            throw new StoreUnavailableException(e);
        }
    }
}
