package dev.schemarag.generation.answer;

import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.RetrievalMetadata;
import dev.schemarag.events.ScoredTable;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Events for tests: one question about the given tables, and its validated answer. */
public final class Events {
    private Events() {}

    /** The catalog version every context here was retrieved at. */
    public static final String CATALOG_VERSION = "42";

    public static ContextRetrieved context(
            String questionId, String databaseId, String question, String packet, String... tables) {
        return ContextRetrieved.newBuilder()
                .setQuestion(QuestionAsked.newBuilder()
                        .setId(questionId)
                        .setDatabaseId(databaseId)
                        .setQuestion(question)
                        .setCorrelationId("corr-" + questionId)
                        .setRetrievalSettings(Map.of())
                        .setTimestamp(Instant.now())
                        .build())
                .setContextPacket(packet)
                .setSelectedTables(java.util.Arrays.stream(tables)
                        .map(t -> new ScoredTable(t, 0.9, "retrieved"))
                        .toList())
                .setJoinHints(List.of())
                .setDocChunks(List.of())
                .setRetrievalMetadata(RetrievalMetadata.newBuilder()
                        .setStrategy("rag")
                        .setTablesIncluded(tables.length)
                        .setAvgRelevanceScore(0.9)
                        .setMetrics(Map.of())
                        .setCatalogVersion(CATALOG_VERSION)
                        .build())
                .build();
    }

    /** The validated answer to {@code context}'s question, carrying the context when it is to be executed. */
    public static AnswerValidated answer(ContextRetrieved context, String sql, boolean execute) {
        QuestionAsked question = context.getQuestion();
        return AnswerValidated.newBuilder()
                .setQuestionId(question.getId())
                .setCorrelationId(question.getCorrelationId())
                .setDatabaseId(question.getDatabaseId())
                .setQuestion(question.getQuestion())
                .setSql(sql)
                .setExplanation("as generated")
                .setConfidence(0.9)
                .setTablesUsed(List.of())
                .setAssumptions(List.of())
                .setLintWarnings(List.of())
                .setRetrievalMetadata(context.getRetrievalMetadata())
                .setAttempts(1)
                .setExecute(execute)
                .setContext(execute ? context : null)
                .setTimestamp(Instant.now())
                .build();
    }
}
