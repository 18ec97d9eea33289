package dev.schemarag.retrieval.kafka;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.questions.AnswerCacheProbing;
import dev.schemarag.events.CachedAnswerEntry;
import dev.schemarag.events.CachedAnswerRef;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.DocChunkRef;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.QuestionEmbedding;
import dev.schemarag.events.RetrievalMetadata;
import dev.schemarag.events.ScoredTable;
import dev.schemarag.retrieval.ContextMetadata;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievedContext;
import dev.schemarag.retrieval.cache.CachedAnswerHit;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Pure mapping between the Avro events and the retriever's request and result. */
public final class ContextEvents {
    /** A question's setting limiting retrieval to some schemas (comma-separated), e.g. for a per-database scope. */
    public static final String SCHEMAS_SETTING = "retrieval.schemas";

    private ContextEvents() {}

    public static RetrievalRequest toRequest(QuestionAsked q) {
        Map<String, String> settings = new HashMap<>(q.getRetrievalSettings());
        String schemas = settings.remove(SCHEMAS_SETTING);
        Set<String> scope = schemas == null
                ? Set.of()
                : Arrays.stream(schemas.split(","))
                        .map(String::trim)
                        .filter(s -> !s.isEmpty())
                        .collect(Collectors.toSet());
        return new RetrievalRequest(
                q.getDatabaseId(),
                q.getQuestion(),
                q.getEvidence(),
                q.getUseRetrieval(),
                scope,
                settings,
                null,
                Asker.of(q.getPrincipal()));
    }

    /**
     * The context event of a question; a question routed to a database is carried on naming it, so that every later
     * stage reads the database from the question as when it was asked with one.
     */
    public static ContextRetrieved toEvent(QuestionAsked question, RetrievedContext context) {
        QuestionAsked asked = context.metadata().routing() == null
                ? question
                : QuestionAsked.newBuilder(question)
                        .setDatabaseId(context.databaseId())
                        .build();
        return ContextRetrieved.newBuilder()
                .setQuestion(asked)
                .setContextPacket(context.packet())
                .setSelectedTables(context.tables().stream()
                        .map(t -> ScoredTable.newBuilder()
                                .setTable(t.table().toString())
                                .setScore(t.score())
                                .setReason(t.reason().wireName())
                                .build())
                        .toList())
                .setJoinHints(context.joinHints())
                .setDocChunks(context.docChunks().stream()
                        .map(d -> DocChunkRef.newBuilder()
                                .setTable(d.chunk().table().toString())
                                .setKind(d.chunk().kind().wireName())
                                .setText(d.chunk().content())
                                .setScore(d.similarity())
                                .build())
                        .toList())
                .setRetrievalMetadata(metadata(context.metadata()))
                .setQuestionEmbedding(context.questionVector()
                        .map(v -> QuestionEmbedding.newBuilder()
                                .setModel(v.modelId())
                                .setVector(v.encode())
                                .build())
                        .orElse(null))
                .build();
    }

    /**
     * The context event of a question the answer cache holds a fresh answer to: no packet, tables, chunks or embedding,
     * only the entry as the probe read it, for generation to serve it.
     */
    public static ContextRetrieved toEvent(QuestionAsked question, CachedAnswerHit hit) {
        return ContextRetrieved.newBuilder()
                .setQuestion(question)
                .setContextPacket("")
                .setSelectedTables(List.of())
                // Set, not defaulted: Avro builds a default record array by reflection, which its class
                // security check refuses for classes it was not told to trust.
                .setJoinHints(List.of())
                .setDocChunks(List.of())
                .setRetrievalMetadata(RetrievalMetadata.newBuilder()
                        .setStrategy(AnswerCacheProbing.STRATEGY)
                        .build())
                .setCachedAnswer(CachedAnswerRef.newBuilder()
                        .setQuestionId(hit.questionId())
                        .setEntry(entry(hit.entry()))
                        .build())
                .build();
    }

    private static CachedAnswerEntry entry(CachedAnswerHit.Entry entry) {
        return CachedAnswerEntry.newBuilder()
                .setRoleName(entry.roleName())
                .setQuestionHash(entry.questionHash())
                .setSettingsHash(entry.settingsHash())
                .setQuestion(entry.question())
                .setSql(entry.sql())
                .setExplanation(entry.explanation())
                .setConfidence(entry.confidence())
                .setTablesUsed(entry.tablesUsed())
                .setAssumptions(entry.assumptions())
                .setReadsTables(entry.readsTables())
                .setLintWarnings(entry.lintWarnings())
                .setCatalogVersion(entry.catalogVersion())
                .setStoredAt(entry.storedAt())
                .build();
    }

    static RetrievalMetadata metadata(ContextMetadata m) {
        return RetrievalMetadata.newBuilder()
                .setStrategy(m.strategy().wireName())
                .setTablesIncluded(m.tablesIncluded())
                .setChunksRetrieved(m.chunksRetrieved())
                .setAvgRelevanceScore(m.avgRelevanceScore())
                .setFallbackReason(
                        m.fallbackReason() == null ? null : m.fallbackReason().wireName())
                .setContextTokens(m.contextTokens())
                .setFullSchemaTokens(m.fullSchemaTokens())
                .setOverBudget(m.overBudget())
                .setMetrics(m.metrics())
                .setCatalogVersion(m.catalogVersion())
                .setRoutedDatabaseId(
                        m.routing() == null ? null : m.routing().candidate().databaseId())
                .setRoutingConfidence(m.routing() == null ? null : m.routing().confidence())
                .build();
    }
}
