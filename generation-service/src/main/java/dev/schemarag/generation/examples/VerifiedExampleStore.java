package dev.schemarag.generation.examples;

import com.pgvector.PGvector;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.store.Database;
import dev.schemarag.generation.answer.ValidatedAnswerSink;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Adapter: verified question → SQL examples in the store's {@code verified_examples} table (migration V2), searched
 * by question embedding. Writes are upserts on the normalized question, so replays and re-seeding are harmless.
 */
public final class VerifiedExampleStore implements ValidatedAnswerSink {
    private final Database store;
    private final EmbeddingModel model;

    public VerifiedExampleStore(Database store, EmbeddingModel model) {
        this.store = store;
        this.model = model;
    }

    /** The stored example closest to {@code question}, if the database has any embedded by this model. */
    public synchronized Optional<VerifiedExample> nearest(String databaseId, String question) throws SQLException {
        PGvector vector = new PGvector(model.embed(question));
        try (PreparedStatement ps = store.connection().prepareStatement("""
                SELECT question, sql, source, 1 - (embedding <=> ?) AS similarity FROM verified_examples
                WHERE database_id = ? AND model_id = ? ORDER BY embedding <=> ? LIMIT 1""")) {
            ps.setObject(1, vector);
            ps.setString(2, databaseId);
            ps.setString(3, model.modelId());
            ps.setObject(4, vector);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next()
                        ? Optional.of(new VerifiedExample(rs.getString(1), rs.getString(2), rs.getString(3), rs.getDouble(4)))
                        : Optional.empty();
            }
        }
    }

    /** Stores or replaces the example for {@code question}; a validated answer supersedes a documented one. */
    public synchronized void remember(String databaseId, String question, String sql, String source) throws SQLException {
        try (PreparedStatement ps = store.connection().prepareStatement("""
                INSERT INTO verified_examples (database_id, question, question_hash, sql, source, embedding, model_id)
                VALUES (?, ?, md5(?), ?, ?, ?, ?)
                ON CONFLICT ON CONSTRAINT verified_examples_question DO UPDATE SET
                    question = excluded.question, sql = excluded.sql, source = excluded.source,
                    embedding = excluded.embedding, updated_at = now()""")) {
            ps.setString(1, databaseId);
            ps.setString(2, question);
            ps.setString(3, normalized(question));
            ps.setString(4, sql);
            ps.setString(5, source);
            ps.setObject(6, new PGvector(model.embed(question)));
            ps.setString(7, model.modelId());
            ps.executeUpdate();
        }
    }

    @Override
    public void validated(String databaseId, String question, String sql) throws SQLException {
        remember(databaseId, question, sql, "validated");
    }

    /** Seeds the examples from the database's stored Common Queries doc chunks; returns how many it stored. */
    public int seedFromDocs(String databaseId) throws SQLException {
        List<DocumentedQuery> documented = new ArrayList<>();
        synchronized (this) {
            try (PreparedStatement ps = store.connection().prepareStatement(
                    "SELECT content FROM doc_chunks WHERE database_id = ? AND chunk_kind = 'query' ORDER BY id")) {
                ps.setString(1, databaseId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) DocumentedQuery.fromChunk(rs.getString(1)).ifPresent(documented::add);
                }
            }
        }
        for (DocumentedQuery query : documented) remember(databaseId, query.question(), query.sql(), "doc");
        return documented.size();
    }

    private static String normalized(String question) {
        return question.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }
}
