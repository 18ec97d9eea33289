package dev.schemarag.generation.postgres;

import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.JdbcArrays;
import dev.schemarag.generation.examples.ExampleStatus;
import dev.schemarag.generation.staleness.ListedExample;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;

/**
 * Adapter: the served and quarantined examples of a database in the store's {@code verified_examples}, for people to
 * read; needs no embedding model. A documented query is stored once per model and listed once.
 */
public final class VerifiedExampleListing {
    private static final String SERVED = ExampleStatus.servedSqlList();

    private final Database store;

    public VerifiedExampleListing(Database store) {
        this.store = store;
    }

    /**
     * @param source {@code doc} or {@code validated}; null for both
     * @param quarantinedOnly only the quarantined ones
     */
    public List<ListedExample> list(String databaseId, String source, boolean quarantinedOnly) throws SQLException {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("""
                SELECT DISTINCT ON (source, question_hash, sql) id, source, status, question, reads_tables, reads_columns,
                    quarantine_reason, quarantined_at
                FROM verified_examples
                WHERE database_id = ? AND status IN (%s) AND (?::text IS NULL OR source = ?)
                    AND (NOT ? OR quarantine_reason IS NOT NULL)
                ORDER BY source, question_hash, sql, id""".formatted(SERVED))) {
            ps.setString(1, databaseId);
            ps.setString(2, source);
            ps.setString(3, source);
            ps.setBoolean(4, quarantinedOnly);
            List<ListedExample> examples = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Timestamp since = rs.getTimestamp(8);
                    examples.add(new ListedExample(
                            rs.getLong(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            JdbcArrays.strings(rs.getArray(5)),
                            JdbcArrays.strings(rs.getArray(6)),
                            rs.getString(7),
                            since == null ? null : since.toInstant()));
                }
            }
            examples.sort((a, b) -> Long.compare(a.id(), b.id()));
            return examples;
        }
    }
}
