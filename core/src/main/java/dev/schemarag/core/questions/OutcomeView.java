package dev.schemarag.core.questions;

import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.RetrievalMetadata;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A question's outcome as JSON-ready fields, the one shape {@code ask --json} prints and the web API returns: id,
 * status (answered or failed), sql, confidence, tablesUsed, errorClass, sqlstate, attempts, retrievalMetadata.
 */
public final class OutcomeView {
    private OutcomeView() {}

    public static Map<String, Object> of(Optional<AskClient.Outcome> outcome) {
        Map<String, Object> v = new LinkedHashMap<>();
        if (outcome.isEmpty()) {
            v.put("status", "failed");
            v.put("errorClass", NoOutcome.TIMEOUT.wireName());
            return v;
        }
        AskClient.Outcome o = outcome.get();
        return of(o.question().getId(), o.answer(), o.failure());
    }

    /** The outcome of question {@code id}: exactly one of {@code answer} and {@code failure} is set. */
    public static Map<String, Object> of(String id, AnswerValidated answer, FailureRecord failure) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("id", id);
        if (answer != null) {
            v.put("status", "answered");
            v.put("sql", answer.getSql());
            v.put("explanation", answer.getExplanation());
            v.put("confidence", answer.getConfidence());
            v.put("tablesUsed", answer.getTablesUsed());
            v.put("assumptions", answer.getAssumptions());
            v.put("lintWarnings", answer.getLintWarnings());
            v.put("errorClass", null);
            v.put("sqlstate", null);
            v.put("attempts", answer.getAttempts());
            v.put("retrievalMetadata", metadata(answer.getRetrievalMetadata()));
        } else {
            v.put("status", "failed");
            v.put("sql", null);
            v.put("confidence", 0.0);
            v.put("tablesUsed", List.of());
            v.put("errorClass", failure.getErrorClass());
            v.put("sqlstate", failure.getSqlstate());
            v.put("attempts", failure.getAttempt());
            v.put("message", failure.getMessage());
            v.put("stage", failure.getStage());
            v.put("retrievalMetadata", null);
        }
        return v;
    }

    private static Map<String, Object> metadata(RetrievalMetadata m) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("strategy", m.getStrategy());
        v.put("tablesIncluded", m.getTablesIncluded());
        v.put("chunksRetrieved", m.getChunksRetrieved());
        v.put("avgRelevanceScore", m.getAvgRelevanceScore());
        v.put("fallbackReason", m.getFallbackReason());
        v.put("contextTokens", m.getContextTokens());
        v.put("fullSchemaTokens", m.getFullSchemaTokens());
        return v;
    }
}
