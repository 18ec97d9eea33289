package dev.schemarag.generation;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.SqlDialect;
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
        SqlDialect dialect) {

    public GenerationRequest {
        if (dialect == null) dialect = SqlDialect.POSTGRESQL;
        evidence = evidence.filter(e -> !e.isBlank());
        joinHints = List.copyOf(joinHints);
        docs = List.copyOf(docs);
        fallbackReason = fallbackReason.filter(r -> !r.isBlank());
    }

    /** A request about a PostgreSQL database. */
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
