package dev.schemarag.generation.postgres;

import com.pgvector.PGvector;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.HnswScan;
import dev.schemarag.events.FeedbackVerdict;
import dev.schemarag.generation.answer.ValidatedAnswerSink;
import dev.schemarag.generation.examples.AnswerReviews;
import dev.schemarag.generation.examples.DocumentedQuery;
import dev.schemarag.generation.examples.ExampleStatus;
import dev.schemarag.generation.examples.ExampleStoreException;
import dev.schemarag.generation.examples.VerifiedExample;
import dev.schemarag.generation.examples.VerifiedExamples;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Adapter: question → SQL examples in the store's {@code verified_examples} table (migrations V2, V5), searched by
 * question embedding. Documented queries are upserted on their normalized wording, so re-seeding is harmless;
 * validated answers are candidates kept once per question id, and only what {@link ExampleStatus#servedOffline()}
 * admits is ever searched. The ports' methods report an SQL failure as {@link ExampleStoreException}; seeding, which
 * only the processes' wiring calls, throws the driver's own.
 */
public final class VerifiedExampleStore implements VerifiedExamples, ValidatedAnswerSink, AnswerReviews {
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
                    WHERE database_id = ? AND model_id = ? AND status IN (%s) ORDER BY embedding <=> ? LIMIT 1""".formatted(SERVED))) {
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
                INSERT INTO verified_examples (question_id, database_id, question, question_hash, sql, source, status, embedding, model_id)
                VALUES (?, ?, ?, md5(?), ?, 'validated', ?, ?, ?)
                ON CONFLICT (question_id) WHERE question_id IS NOT NULL DO NOTHING""")) {
            ps.setString(1, questionId);
            ps.setString(2, databaseId);
            ps.setString(3, question);
            ps.setString(4, normalized(question));
            ps.setString(5, sql);
            ps.setString(6, ExampleStatus.CANDIDATE.wireName());
            ps.setObject(7, embedding);
            ps.setString(8, model.modelId());
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

    /** Seeds the examples from the database's stored Common Queries doc chunks; returns how many it stored. */
    public int seedFromDocs(String databaseId) throws SQLException {
        List<DocumentedQuery> documented = new ArrayList<>();
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT content FROM doc_chunks WHERE database_id = ? AND chunk_kind = 'query' ORDER BY id")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) DocumentedQuery.fromChunk(rs.getString(1)).ifPresent(documented::add);
            }
        }
        for (DocumentedQuery query : documented) document(databaseId, query);
        return documented.size();
    }

    private void document(String databaseId, DocumentedQuery query) throws SQLException {
        PGvector embedding = new PGvector(model.embed(query.question()));
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("""
                INSERT INTO verified_examples (database_id, question, question_hash, sql, source, status, embedding, model_id)
                VALUES (?, ?, md5(?), ?, 'doc', ?, ?, ?)
                ON CONFLICT (database_id, model_id, question_hash) WHERE source = 'doc' DO UPDATE SET
                    question = excluded.question, sql = excluded.sql, embedding = excluded.embedding, updated_at = now()""")) {
            ps.setString(1, databaseId);
            ps.setString(2, query.question());
            ps.setString(3, normalized(query.question()));
            ps.setString(4, query.sql());
            ps.setString(5, ExampleStatus.DOCUMENTED.wireName());
            ps.setObject(6, embedding);
            ps.setString(7, model.modelId());
            ps.executeUpdate();
        }
    }

    private static String normalized(String question) {
        return question.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }
}
