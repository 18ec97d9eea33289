package dev.schemarag.generation.postgres;

import com.pgvector.PGvector;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.HnswScan;
import dev.schemarag.events.FeedbackVerdict;
import dev.schemarag.generation.answer.ValidatedAnswerSink;
import dev.schemarag.generation.examples.AnswerReviews;
import dev.schemarag.generation.examples.DocumentedQuery;
import dev.schemarag.generation.examples.ExampleDependencies;
import dev.schemarag.generation.examples.ExampleStatus;
import dev.schemarag.generation.examples.ExampleStoreException;
import dev.schemarag.generation.examples.VerifiedExample;
import dev.schemarag.generation.examples.VerifiedExamples;
import dev.schemarag.generation.staleness.DependentExamples;
import dev.schemarag.generation.staleness.Replan;
import dev.schemarag.generation.staleness.StoredExample;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Adapter: question → SQL examples in the store's {@code verified_examples} table (migrations V2, V5), searched by
 * question embedding. Documented queries are upserted on their normalized wording, so re-seeding is harmless;
 * validated answers are candidates kept once per question id, and only what {@link ExampleStatus#servedOffline()}
 * admits, and no quarantined one, is ever searched. Each example stores what its SQL reads, for the re-check after a
 * schema change ({@link DependentExamples}). The ports' methods report an SQL failure as {@link ExampleStoreException}; seeding, which
 * only the processes' wiring calls, throws the driver's own.
 */
public final class VerifiedExampleStore
        implements VerifiedExamples, ValidatedAnswerSink, AnswerReviews, DependentExamples {
    private static final String SERVED =
            ExampleStatus.served().stream().map(s -> "'" + s.wireName() + "'").collect(Collectors.joining(", "));

    private final Database store;
    private final EmbeddingModel model;

    public VerifiedExampleStore(Database store, EmbeddingModel model) {
        this.store = store;
        this.model = model;
    }

    /**
     * The served example closest to {@code question}, if the database has any embedded by this model. The HNSW scan is
     * filtered (database, model, status), so it runs with {@link HnswScan}'s iterative scan to find a match at all.
     */
    @Override
    public Optional<VerifiedExample> nearest(String databaseId, String question) throws ExampleStoreException {
        PGvector vector = new PGvector(model.embed(question));
        try (Connection c = store.borrow()) {
            HnswScan.begin(c);
            Optional<VerifiedExample> nearest;
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT question, sql, status, 1 - (embedding <=> ?) AS similarity FROM verified_examples
                    WHERE database_id = ? AND model_id = ? AND status IN (%s) AND quarantine_reason IS NULL
                    ORDER BY embedding <=> ? LIMIT 1""".formatted(SERVED))) {
                ps.setObject(1, vector);
                ps.setString(2, databaseId);
                ps.setString(3, model.modelId());
                ps.setObject(4, vector);
                try (ResultSet rs = ps.executeQuery()) {
                    nearest = rs.next()
                            ? Optional.of(new VerifiedExample(
                                    rs.getString(1),
                                    rs.getString(2),
                                    ExampleStatus.fromWireName(rs.getString(3)),
                                    rs.getDouble(4)))
                            : Optional.empty();
                }
            }
            c.commit();
            return nearest;
        } catch (SQLException e) {
            throw new ExampleStoreException(e);
        }
    }

    /**
     * Keeps a validated answer as a candidate under its question id. The first answer for an id stands: a replay
     * with other SQL must not take over a verdict given on the first.
     */
    @Override
    public void validated(String questionId, String databaseId, String question, String sql)
            throws ExampleStoreException {
        PGvector embedding = new PGvector(model.embed(question));
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("""
                INSERT INTO verified_examples (question_id, database_id, question, question_hash, sql, source, status, embedding,
                    model_id, reads_tables, reads_columns)
                VALUES (?, ?, ?, md5(?), ?, 'validated', ?, ?, ?, ?, ?)
                ON CONFLICT (question_id) WHERE question_id IS NOT NULL DO NOTHING""")) {
            ps.setString(1, questionId);
            ps.setString(2, databaseId);
            ps.setString(3, question);
            ps.setString(4, normalized(question));
            ps.setString(5, sql);
            ps.setString(6, ExampleStatus.CANDIDATE.wireName());
            ps.setObject(7, embedding);
            ps.setString(8, model.modelId());
            setDependencies(c, ps, 9, ExampleDependencies.of(sql));
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new ExampleStoreException(e);
        }
    }

    /**
     * Keeps an answer the cache served as a candidate of its own, a copy of the answer whose SQL it reused (embedding
     * included: the question is the same, and the hit path embeds nothing). Nothing is kept when that answer was not.
     */
    @Override
    public void reused(String questionId, String originQuestionId) throws ExampleStoreException {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("""
                INSERT INTO verified_examples (question_id, database_id, question, question_hash, sql, source, status, embedding,
                    model_id, reads_tables, reads_columns)
                SELECT ?, database_id, question, question_hash, sql, 'validated', ?, embedding, model_id, reads_tables,
                    reads_columns
                FROM verified_examples WHERE question_id = ?
                ON CONFLICT (question_id) WHERE question_id IS NOT NULL DO NOTHING""")) {
            ps.setString(1, questionId);
            ps.setString(2, ExampleStatus.CANDIDATE.wireName());
            ps.setString(3, originQuestionId);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new ExampleStoreException(e);
        }
    }

    /**
     * Applies a person's verdict to the answer of {@code questionId} by {@link ExampleStatus#after}; empty when no
     * answer has that id. A verdict that changes nothing is not recorded. The status is compared and set in one
     * statement, so a concurrent verdict is re-read.
     */
    @Override
    public Optional<Review> review(String questionId, FeedbackVerdict verdict, String note, String actor)
            throws ExampleStoreException {
        try {
            return apply(questionId, verdict, note, actor);
        } catch (SQLException e) {
            throw new ExampleStoreException(e);
        }
    }

    private Optional<Review> apply(String questionId, FeedbackVerdict verdict, String note, String actor)
            throws SQLException {
        while (true) {
            Optional<ExampleStatus> current = status(questionId);
            if (current.isEmpty()) return Optional.empty();
            ExampleStatus next = current.get().after(verdict);
            if (next == current.get())
                return Optional.of(new Review(next, next)); // the verdict that stands keeps its note
            try (Connection c = store.borrow();
                    PreparedStatement ps = c.prepareStatement("""
                    UPDATE verified_examples SET status = ?, review_note = ?, reviewed_by = ?, reviewed_at = now(), updated_at = now()
                    WHERE question_id = ? AND status = ?""")) {
                ps.setString(1, next.wireName());
                ps.setString(2, note);
                ps.setString(3, actor);
                ps.setString(4, questionId);
                ps.setString(5, current.get().wireName());
                if (ps.executeUpdate() == 1) return Optional.of(new Review(current.get(), next));
            }
        }
    }

    private Optional<ExampleStatus> status(String questionId) throws SQLException {
        try (Connection c = store.borrow();
                PreparedStatement ps =
                        c.prepareStatement("SELECT status FROM verified_examples WHERE question_id = ?")) {
            ps.setString(1, questionId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(ExampleStatus.fromWireName(rs.getString(1))) : Optional.empty();
            }
        }
    }

    /**
     * Seeds the examples from the database's stored Common Queries doc chunks; returns how many it stored. A documented
     * query whose SQL changed loses its quarantine, as its doc chunk did. Examples stored before their dependencies
     * were get them now.
     */
    public int seedFromDocs(String databaseId) throws SQLException {
        Map<Long, DocumentedQuery> documented = new LinkedHashMap<>();
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT id, content FROM doc_chunks WHERE database_id = ? AND chunk_kind = 'query' ORDER BY id")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long chunkId = rs.getLong(1);
                    DocumentedQuery.fromChunk(rs.getString(2)).ifPresent(q -> documented.put(chunkId, q));
                }
            }
        }
        for (Map.Entry<Long, DocumentedQuery> query : documented.entrySet())
            document(databaseId, query.getKey(), query.getValue());
        recordDependencies(databaseId);
        return documented.size();
    }

    private void document(String databaseId, long chunkId, DocumentedQuery query) throws SQLException {
        PGvector embedding = new PGvector(model.embed(query.question()));
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("""
                INSERT INTO verified_examples (database_id, question, question_hash, sql, source, status, embedding, model_id,
                    doc_chunk_id, reads_tables, reads_columns)
                VALUES (?, ?, md5(?), ?, 'doc', ?, ?, ?, ?, ?, ?)
                ON CONFLICT (database_id, model_id, question_hash) WHERE source = 'doc' DO UPDATE SET
                    question = excluded.question, sql = excluded.sql, embedding = excluded.embedding,
                    doc_chunk_id = excluded.doc_chunk_id, reads_tables = excluded.reads_tables,
                    reads_columns = excluded.reads_columns, updated_at = now(),
                    quarantine_reason = CASE WHEN verified_examples.sql = excluded.sql THEN verified_examples.quarantine_reason END,
                    quarantine_sqlstate = CASE WHEN verified_examples.sql = excluded.sql THEN verified_examples.quarantine_sqlstate END,
                    quarantined_at = CASE WHEN verified_examples.sql = excluded.sql THEN verified_examples.quarantined_at END""")) {
            ps.setString(1, databaseId);
            ps.setString(2, query.question());
            ps.setString(3, normalized(query.question()));
            ps.setString(4, query.sql());
            ps.setString(5, ExampleStatus.DOCUMENTED.wireName());
            ps.setObject(6, embedding);
            ps.setString(7, model.modelId());
            ps.setLong(8, chunkId);
            setDependencies(c, ps, 9, ExampleDependencies.of(query.sql()));
            ps.executeUpdate();
        }
    }

    /**
     * Parses the SQL of the examples stored before their dependencies were, once. One that does not parse stays
     * without, and every change of its database re-checks it.
     */
    private void recordDependencies(String databaseId) throws SQLException {
        Map<Long, String> unparsed = new LinkedHashMap<>();
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT id, sql FROM verified_examples WHERE database_id = ? AND reads_tables IS NULL")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) unparsed.put(rs.getLong(1), rs.getString(2));
            }
        }
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "UPDATE verified_examples SET reads_tables = ?, reads_columns = ? WHERE id = ?")) {
            for (Map.Entry<Long, String> example : unparsed.entrySet()) {
                ExampleDependencies reads = ExampleDependencies.of(example.getValue());
                if (!reads.parsed()) continue;
                setDependencies(c, ps, 1, reads);
                ps.setLong(3, example.getKey());
                ps.executeUpdate();
            }
        }
    }

    /** Sets the two parameters from {@code index} on: the tables (null when unparsed) and the columns. */
    private static void setDependencies(Connection c, PreparedStatement ps, int index, ExampleDependencies reads)
            throws SQLException {
        ps.setArray(
                index,
                reads.storedTables().isEmpty()
                        ? null
                        : c.createArrayOf("text", reads.storedTables().get().toArray()));
        ps.setArray(index + 1, c.createArrayOf("text", reads.columns().toArray()));
    }

    @Override
    public List<StoredExample> reading(String databaseId, String schema, String table) throws ExampleStoreException {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("""
                SELECT id, source, question, sql, reads_tables, reads_columns, quarantine_reason FROM verified_examples
                WHERE database_id = ? AND status IN (%s) AND (reads_tables IS NULL OR reads_tables && ?)
                ORDER BY id""".formatted(SERVED))) {
            ps.setString(1, databaseId);
            ps.setArray(
                    2,
                    c.createArrayOf(
                            "text",
                            ExampleDependencies.lookupNames(schema, table).toArray()));
            List<StoredExample> examples = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next())
                    examples.add(new StoredExample(
                            rs.getLong(1),
                            databaseId,
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            ExampleDependencies.stored(strings(rs.getArray(5)), strings(rs.getArray(6))),
                            rs.getString(7)));
            }
            return examples;
        } catch (SQLException e) {
            throw new ExampleStoreException(e);
        }
    }

    /** The example and, for a documented query, its doc chunk: in one transaction, so packets and offline agree. */
    @Override
    public void quarantine(long exampleId, Replan.Broken cause) throws ExampleStoreException {
        setQuarantine(exampleId, cause.reason(), cause.sqlState());
    }

    @Override
    public void restore(long exampleId) throws ExampleStoreException {
        setQuarantine(exampleId, null, null);
    }

    private void setQuarantine(long exampleId, String reason, String sqlState) throws ExampleStoreException {
        try (Connection c = store.borrow()) {
            c.setAutoCommit(false);
            try (PreparedStatement example = c.prepareStatement("""
                    UPDATE verified_examples SET quarantine_reason = ?, quarantine_sqlstate = ?,
                        quarantined_at = CASE WHEN ? IS NULL THEN NULL ELSE now() END
                    WHERE id = ? RETURNING doc_chunk_id""");
                    PreparedStatement chunk =
                            c.prepareStatement("UPDATE doc_chunks SET quarantine_reason = ? WHERE id = ?"
                                    + " AND quarantine_reason IS DISTINCT FROM ?")) {
                example.setString(1, reason);
                example.setString(2, sqlState);
                example.setString(3, reason);
                example.setLong(4, exampleId);
                Long chunkId = null;
                try (ResultSet rs = example.executeQuery()) {
                    if (rs.next()) chunkId = (Long) rs.getObject(1);
                }
                if (chunkId != null) {
                    chunk.setString(1, reason);
                    chunk.setLong(2, chunkId);
                    chunk.setString(3, reason);
                    chunk.executeUpdate();
                }
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new ExampleStoreException(e);
        }
    }

    @Override
    public Optional<String> catalogVersion(String databaseId) throws ExampleStoreException {
        try (Connection c = store.borrow();
                PreparedStatement ps =
                        c.prepareStatement("SELECT version FROM catalog_versions WHERE database_id = ?")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(Long.toString(rs.getLong(1))) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new ExampleStoreException(e);
        }
    }

    private static List<String> strings(Array array) throws SQLException {
        return array == null ? null : List.of((String[]) array.getArray());
    }

    private static String normalized(String question) {
        return question.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }
}
