package dev.schemarag.generation;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.embedding.QuestionVector;
import java.util.List;
import java.util.Optional;

/**
 * Everything a generator needs for one attempt: the question, the focused schema context and how it was chosen,
 * and, on a repair attempt, what went wrong last time.
 *
 * @param asker             who asked: what a generator draws on beyond the request (verified examples) must be
 *                          readable by the role the question runs as
 * @param docs              retrieved documentation texts, most relevant first
 * @param avgRelevanceScore mean fused score of the selected tables (0..1)
 * @param fallbackReason    why retrieval fell back to the full schema, empty when it did not
 * @param questionVector    the question's embedding as retrieval computed it, empty when it carried none: a generator
 *                          comparing the question with examples embedded by the same model need not embed it again
 * @param dialect           the SQL the database speaks, which the answer must be written in
 */
public record GenerationRequest(
        String questionId,
        String databaseId,
        String question,
        Asker asker,
        Optional<String> evidence,
        String contextPacket,
        List<String> joinHints,
        List<String> docs,
        double avgRelevanceScore,
        Optional<String> fallbackReason,
        Optional<Repair> repair,
        Optional<QuestionVector> questionVector,
        SqlDialect dialect) {

    public GenerationRequest {
        if (dialect == null) dialect = SqlDialect.POSTGRESQL;
        evidence = evidence.filter(e -> !e.isBlank());
        joinHints = List.copyOf(joinHints);
        docs = List.copyOf(docs);
        fallbackReason = fallbackReason.filter(r -> !r.isBlank());
    }

    /** A request about a PostgreSQL database that carries no embedding of the question. */
    public GenerationRequest(
            String questionId,
            String databaseId,
            String question,
            Asker asker,
            Optional<String> evidence,
            String contextPacket,
            List<String> joinHints,
            List<String> docs,
            double avgRelevanceScore,
            Optional<String> fallbackReason,
            Optional<Repair> repair) {
        this(
                questionId,
                databaseId,
                question,
                asker,
                evidence,
                contextPacket,
                joinHints,
                docs,
                avgRelevanceScore,
                fallbackReason,
                repair,
                Optional.empty(),
                SqlDialect.POSTGRESQL);
    }

    /** The same request about a database that speaks {@code dialect}. */
    public GenerationRequest withDialect(SqlDialect dialect) {
        return new GenerationRequest(
                questionId,
                databaseId,
                question,
                asker,
                evidence,
                contextPacket,
                joinHints,
                docs,
                avgRelevanceScore,
                fallbackReason,
                repair,
                questionVector,
                dialect);
    }

    /** The same request with the question's embedding, if retrieval carried one. */
    public GenerationRequest withQuestionVector(Optional<QuestionVector> questionVector) {
        return new GenerationRequest(
                questionId,
                databaseId,
                question,
                asker,
                evidence,
                contextPacket,
                joinHints,
                docs,
                avgRelevanceScore,
                fallbackReason,
                repair,
                questionVector,
                dialect);
    }

    /** The same request asking to repair {@code repair.previousSql()}. */
    public GenerationRequest withRepair(Repair repair) {
        return new GenerationRequest(
                questionId,
                databaseId,
                question,
                asker,
                evidence,
                contextPacket,
                joinHints,
                docs,
                avgRelevanceScore,
                fallbackReason,
                Optional.of(repair),
                questionVector,
                dialect);
    }

    /**
     * A failed attempt to repair.
     *
     * @param error       the database's or the linter's message
     * @param instruction what to change: the error class's instruction, plus the column candidates when a column was unknown
     */
    public record Repair(String previousSql, String error, String instruction) {}
}
