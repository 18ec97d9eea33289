package dev.schemarag.generation.answer;

import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.RetrievalMetadata;
import dev.schemarag.events.ScoredTable;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** ContextRetrieved events for tests: one question about the given tables. */
public final class Events {
    private Events() {}

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
                        .build())
                .build();
    }
}
