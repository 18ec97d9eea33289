package dev.schemarag.generation.postgres;

import com.pgvector.PGvector;
import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.QuestionVector;
import dev.schemarag.core.schema.ReadableSchema;
import dev.schemarag.core.schema.SqlReads;
import dev.schemarag.core.store.CatalogAccessStore;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.HnswScan;
import dev.schemarag.core.store.JdbcArrays;
import dev.schemarag.events.FeedbackVerdict;
import dev.schemarag.generation.answer.ValidatedAnswerSink;
import dev.schemarag.generation.examples.AnswerReviews;
import dev.schemarag.generation.examples.DocumentedQuery;
import dev.schemarag.generation.examples.ExampleDependencies;
import dev.schemarag.generation.examples.ExampleStatus;
import dev.schemarag.generation.examples.ExampleStoreException;
import dev.schemarag.generation.examples.QuestionEmbeddings;
import dev.schemarag.generation.examples.VerifiedExample;
import dev.schemarag.generation.examples.VerifiedExamples;
import dev.schemarag.generation.staleness.DependentExamples;
import dev.schemarag.generation.staleness.Replan;
import dev.schemarag.generation.staleness.StoredExample;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

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
    private static final String SERVED = ExampleStatus.servedSqlList();
    /** Answers embedded again per round trip: one batch of the model, one batch of updates. */
    private static final int REEMBED_PAGE = 256;

    private final Database store;
    private final EmbeddingModel model;
    private final QuestionEmbeddings questions;

    public VerifiedExampleStore(Database store, EmbeddingModel model) {
        this.store = store;
        this.model = model;
        this.questions = new QuestionEmbeddings(model);
    }

    /**
     * The served example closest to {@code question} that {@code asker} may be shown, if the database has any embedded
     * by this model. A question that runs as a role (its principal's, or the database's default role) is shown only
     * examples whose recorded reads the role may read in full ({@link ReadableSchema}): rows come nearest first and the
     * first the role may read is the answer, so an example it may not read is never ranked at all; one whose reads are
     * not recorded is shown to no role. An unmapped principal is shown none. The HNSW scan is filtered (database,
     * model, status), so it runs with {@link HnswScan}'s iterative scan to find a match at all. The question's
     * embedding is retrieval's when this model computed it ({@link QuestionEmbeddings}).
     */
    @Override
    public Optional<VerifiedExample> nearest(
            String databaseId, Asker asker, String question, Optional<QuestionVector> questionVector)
            throws ExampleStoreException {
        PGvector vector = new PGvector(questions.of(question, questionVector));
        try (Connection c = store.borrow()) {
            HnswScan.begin(c);
            Principals principals = CatalogAccessStore.principals(c, databaseId);
            Optional<VerifiedExample> nearest = Optional.empty();
            if (principals.admits(asker)) {
                Optional<String> role = principals.roleOf(asker);
                Optional<ReadableSchema> readable = role.isEmpty()
                        ? Optional.empty()
                        : Optional.of(CatalogAccessStore.readableSchema(c, databaseId, role.get()));
                nearest = nearest(c, databaseId, vector, readable);
            }
            c.commit();
            return nearest;
        } catch (SQLException e) {
            throw new ExampleStoreException(e);
        }
    }

    /** The nearest example, or with {@code readable} the nearest whose recorded reads it permits. */
    private Optional<VerifiedExample> nearest(
            Connection c, String databaseId, PGvector vector, Optional<ReadableSchema> readable) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT question, sql, status, 1 - (embedding <=> ?) AS similarity, reads_tables, reads_columns,
                    reads_whole_rows FROM verified_examples
                WHERE database_id = ? AND model_id = ? AND status IN (%s) AND quarantine_reason IS NULL
                ORDER BY embedding <=> ?%s""".formatted(SERVED, readable.isEmpty() ? " LIMIT 1" : ""))) {
            ps.setObject(1, vector);
            ps.setString(2, databaseId);
            ps.setString(3, model.modelId());
            ps.setObject(4, vector);
            ps.setFetchSize(16);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Optional<SqlReads> reads = SqlReads.stored(
                            JdbcArrays.stringsOrNull(rs.getArray(5)),
                            JdbcArrays.stringsOrNull(rs.getArray(6)),
                            (Boolean) rs.getObject(7));
                    if (readable.isPresent()
                            && !reads.map(readable.get()::permits).orElse(false)) continue;
                    return Optional.of(new VerifiedExample(
                            rs.getString(1),
                            rs.getString(2),
                            ExampleStatus.fromWireName(rs.getString(3)),
                            rs.getDouble(4)));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Keeps a validated answer as a candidate under its question id. The first answer for an id stands: a replay
     * with other SQL must not take over a verdict given on the first.
     */
    @Override
    public void validated(
            String questionId, String databaseId, String question, String sql, Optional<QuestionVector> questionVector)
            throws ExampleStoreException {
        PGvector embedding = new PGvector(questions.of(question, questionVector));
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement("""
                INSERT INTO verified_examples (question_id, database_id, question, question_hash, sql, source, status, embedding,
                    model_id, reads_tables, reads_columns, reads_whole_rows)
                VALUES (?, ?, ?, md5(?), ?, 'validated', ?, ?, ?, ?, ?, ?)
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

    /** The id of the model this store embeds questions with and compares them by. */
    public String modelId() {
        return model.modelId();
    }

    /**
     * Embeds again, with this store's model, the answers another model embedded, after a change of the examples'
     * model: an approved answer stays servable and a candidate reviewable into one, since only vectors of the store's
     * model are compared. Documented queries are kept once per model and {@link #seedFromDocs seeded} under the new
     * one instead. One pass in pages by id, each row updated only while it still has another model's vector, so
     * instances starting together at most embed a page twice, and two configured with different models (a rolling
     * change) cannot keep undoing each other's work. Returns how many it embedded.
     */
    public int reembedAnswers() throws SQLException {
        int done = 0;
        long after = Long.MIN_VALUE;
        while (true) {
            Map<Long, String> page = new LinkedHashMap<>();
            try (Connection c = store.borrow();
                    PreparedStatement ps = c.prepareStatement("SELECT id, question FROM verified_examples"
                            + " WHERE source <> 'doc' AND model_id <> ? AND id > ? ORDER BY id LIMIT "
                            + REEMBED_PAGE)) {
                ps.setString(1, model.modelId());
                ps.setLong(2, after);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        after = rs.getLong(1);
                        page.put(after, rs.getString(2));
                    }
                }
            }
            if (page.isEmpty()) return done;
            List<float[]> vectors = model.embedAll(List.copyOf(page.values()));
            try (Connection c = store.borrow();
                    PreparedStatement ps = c.prepareStatement("UPDATE verified_examples SET embedding = ?,"
                            + " model_id = ?, updated_at = now() WHERE id = ? AND model_id <> ?")) {
                int i = 0;
                for (long id : page.keySet()) {
                    ps.setObject(1, new PGvector(vectors.get(i++)));
                    ps.setString(2, model.modelId());
                    ps.setLong(3, id);
                    ps.setString(4, model.modelId());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            done += page.size();
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
        ExampleDependencies reads = ExampleDependencies.of(query.sql());
        try (Connection c = store.borrow()) {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO verified_examples (database_id, question, question_hash, sql, source, status, embedding, model_id,
                    doc_chunk_id, reads_tables, reads_columns, reads_whole_rows)
                VALUES (?, ?, md5(?), ?, 'doc', ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (database_id, model_id, question_hash) WHERE source = 'doc' DO UPDATE SET
                    question = excluded.question, sql = excluded.sql, embedding = excluded.embedding,
                    doc_chunk_id = excluded.doc_chunk_id, reads_tables = excluded.reads_tables,
                    reads_columns = excluded.reads_columns, reads_whole_rows = excluded.reads_whole_rows,
                    updated_at = now(),
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
                setDependencies(c, ps, 9, reads);
                ps.executeUpdate();
            }
            readsOfChunk(c, chunkId, reads);
            c.commit();
        }
    }

    /**
     * Records on the documented query's doc chunk what its SQL reads, for retrieval to show it only to roles that may
     * read all of it; only when that differs, since the write bumps the catalog version.
     */
    private static void readsOfChunk(Connection c, long chunkId, ExampleDependencies reads) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                UPDATE doc_chunks SET reads_tables = ?, reads_columns = ?, reads_whole_rows = ? WHERE id = ?
                AND (reads_tables, reads_columns, reads_whole_rows) IS DISTINCT FROM (?::text[], ?::text[], ?::boolean)""")) {
            setDependencies(c, ps, 1, reads);
            ps.setLong(4, chunkId);
            setDependencies(c, ps, 5, reads);
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
                PreparedStatement ps = c.prepareStatement("SELECT id, sql FROM verified_examples WHERE database_id = ?"
                        + " AND (reads_tables IS NULL OR reads_whole_rows IS NULL)")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) unparsed.put(rs.getLong(1), rs.getString(2));
            }
        }
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "UPDATE verified_examples SET reads_tables = ?, reads_columns = ?, reads_whole_rows = ?"
                                + " WHERE id = ?")) {
            for (Map.Entry<Long, String> example : unparsed.entrySet()) {
                ExampleDependencies reads = ExampleDependencies.of(example.getValue());
                if (!reads.parsed()) continue;
                setDependencies(c, ps, 1, reads);
                ps.setLong(4, example.getKey());
                ps.executeUpdate();
            }
        }
    }

    /**
     * Sets the three parameters from {@code index} on: the tables, the columns and whether it reads whole rows, all
     * null when the SQL did not parse.
     */
    private static void setDependencies(Connection c, PreparedStatement ps, int index, ExampleDependencies reads)
            throws SQLException {
        Optional<SqlReads> known = reads.reads();
        ps.setArray(
                index,
                known.isEmpty()
                        ? null
                        : c.createArrayOf("text", known.get().tables().toArray()));
        ps.setArray(
                index + 1,
                known.isEmpty()
                        ? null
                        : c.createArrayOf("text", known.get().columns().toArray()));
        ps.setObject(index + 2, known.map(SqlReads::wholeRows).orElse(null), Types.BOOLEAN);
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
                            ExampleDependencies.stored(
                                    JdbcArrays.stringsOrNull(rs.getArray(5)), JdbcArrays.stringsOrNull(rs.getArray(6))),
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

    private static String normalized(String question) {
        return question.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }
}
