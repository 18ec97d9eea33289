package dev.schemarag.core.questions;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.RetrievalMetadata;
import java.util.List;
import java.util.Optional;

/**
 * A question's outcome, the one JSON shape {@code ask --json} prints, the web API returns and the MCP tool {@code ask}
 * answers. Callers route by type; {@code status} is for JSON readers. The answered and failed shapes share their
 * fields (null or empty where they do not apply) so that a reader can look at {@code sql} or {@code errorClass}
 * without checking the status first.
 */
public sealed interface OutcomeView permits OutcomeView.Answered, OutcomeView.Failed, OutcomeView.NoAnswer {
    String ANSWERED = "answered";
    String FAILED = "failed";

    /** {@code answered} or {@code failed}, as JSON readers tell outcomes apart. */
    @JsonProperty("status")
    String status();

    /** A validated answer: the SQL (never executed) and how it was reached. */
    @JsonPropertyOrder({
        "id",
        "status",
        "sql",
        "explanation",
        "confidence",
        "tablesUsed",
        "assumptions",
        "lintWarnings",
        "errorClass",
        "sqlstate",
        "attempts",
        "retrievalMetadata"
    })
    record Answered(
            String id,
            String sql,
            String explanation,
            double confidence,
            List<String> tablesUsed,
            List<String> assumptions,
            List<String> lintWarnings,
            int attempts,
            Metadata retrievalMetadata)
            implements OutcomeView {
        @Override
        public String status() {
            return ANSWERED;
        }

        @JsonProperty("errorClass")
        public String errorClass() {
            return null;
        }

        @JsonProperty("sqlstate")
        public String sqlstate() {
            return null;
        }
    }

    /** A question a stage dead-lettered: its failure record. */
    @JsonPropertyOrder({
        "id",
        "status",
        "sql",
        "confidence",
        "tablesUsed",
        "errorClass",
        "sqlstate",
        "attempts",
        "message",
        "stage",
        "retrievalMetadata"
    })
    record Failed(String id, String errorClass, String sqlstate, int attempts, String message, String stage)
            implements OutcomeView {
        @Override
        public String status() {
            return FAILED;
        }

        @JsonProperty("sql")
        public String sql() {
            return null;
        }

        @JsonProperty("confidence")
        public double confidence() {
            return 0.0;
        }

        @JsonProperty("tablesUsed")
        public List<String> tablesUsed() {
            return List.of();
        }

        @JsonProperty("retrievalMetadata")
        public Metadata retrievalMetadata() {
            return null;
        }
    }

    /** The client saw no outcome at all ({@link NoOutcome}); {@code message}, when set, says what to do. */
    @JsonPropertyOrder({"status", "errorClass", "message"})
    record NoAnswer(
            @JsonProperty("errorClass") NoOutcome reason,
            @JsonInclude(JsonInclude.Include.NON_NULL) String message) implements OutcomeView {
        @Override
        public String status() {
            return FAILED;
        }
    }

    /** How the answer's schema context was chosen ({@link RetrievalMetadata} without its counters). */
    record Metadata(
            String strategy,
            int tablesIncluded,
            int chunksRetrieved,
            double avgRelevanceScore,
            String fallbackReason,
            int contextTokens,
            int fullSchemaTokens) {
        static Metadata of(RetrievalMetadata m) {
            return new Metadata(
                    m.getStrategy(),
                    m.getTablesIncluded(),
                    m.getChunksRetrieved(),
                    m.getAvgRelevanceScore(),
                    m.getFallbackReason(),
                    m.getContextTokens(),
                    m.getFullSchemaTokens());
        }
    }

    /** What a client that waited for a question saw: its outcome, or a timeout. */
    static OutcomeView of(Optional<AskClient.Outcome> outcome) {
        if (outcome.isEmpty()) return new NoAnswer(NoOutcome.TIMEOUT, null);
        AskClient.Outcome o = outcome.get();
        return o.answer() != null
                ? answered(o.question().getId(), o.answer())
                : failed(o.question().getId(), o.failure());
    }

    static Answered answered(String id, AnswerValidated a) {
        return new Answered(
                id,
                a.getSql(),
                a.getExplanation(),
                a.getConfidence(),
                a.getTablesUsed(),
                a.getAssumptions(),
                a.getLintWarnings(),
                a.getAttempts(),
                Metadata.of(a.getRetrievalMetadata()));
    }

    static Failed failed(String id, FailureRecord f) {
        return new Failed(id, f.getErrorClass(), f.getSqlstate(), f.getAttempt(), f.getMessage(), f.getStage());
    }
}
