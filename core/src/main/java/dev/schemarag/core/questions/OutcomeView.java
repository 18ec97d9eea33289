package dev.schemarag.core.questions;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QueryResult;
import dev.schemarag.events.RetrievalMetadata;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

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

    /**
     * A validated answer: the SQL, how it was reached and, when its database executes answers, its rows ({@code
     * columns} to {@code executedAs} are null for an answer that was not executed). {@code cachedFrom} names the answer
     * (its question id) whose SQL the answer cache served again, null for SQL generated for this question. Built with
     * {@link #builder}, so that a new field changes this record and its builder, not every place that makes one.
     */
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
        "cachedFrom",
        "retrievalMetadata",
        "columns",
        "rows",
        "rowCount",
        "truncated",
        "executionMs",
        "executedAs"
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
            String cachedFrom,
            Metadata retrievalMetadata,
            List<Column> columns,
            List<List<@Nullable String>> rows,
            Integer rowCount,
            Boolean truncated,
            Long executionMs,
            String executedAs)
            implements OutcomeView {
        /** Whether it carries rows. */
        public boolean executed() {
            return columns != null;
        }

        /** An answer to question {@code id} with {@code sql}, its other fields empty until set. */
        public static Builder builder(String id, String sql) {
            return new Builder(id, sql);
        }

        /** A builder holding this answer's fields. */
        public Builder toBuilder() {
            return new Builder(id, sql)
                    .explanation(explanation)
                    .confidence(confidence)
                    .tablesUsed(tablesUsed)
                    .assumptions(assumptions)
                    .lintWarnings(lintWarnings)
                    .attempts(attempts)
                    .cachedFrom(cachedFrom)
                    .retrievalMetadata(retrievalMetadata)
                    .rows(columns, rows, rowCount, truncated)
                    .execution(executionMs, executedAs);
        }

        /**
         * This answer with at most its first {@code max} rows, for a reader that takes fewer: {@code rowCount} still
         * counts the rows the query returned, and {@code truncated} is set when rows were left out here too.
         */
        public Answered firstRows(int max) {
            if (!executed() || rows.size() <= max) return this;
            return toBuilder()
                    .rows(columns, rows.subList(0, max), rowCount, true)
                    .build();
        }

        /** Collects an {@link Answered}'s fields by name; those not set are empty (lists), zero or null. */
        public static final class Builder {
            private final String id;
            private String sql;
            private String explanation = "";
            private double confidence;
            private List<String> tablesUsed = List.of();
            private List<String> assumptions = List.of();
            private List<String> lintWarnings = List.of();
            private int attempts;
            private String cachedFrom;
            private Metadata retrievalMetadata;
            private List<Column> columns;
            private List<List<@Nullable String>> rows;
            private Integer rowCount;
            private Boolean truncated;
            private Long executionMs;
            private String executedAs;

            private Builder(String id, String sql) {
                this.id = id;
                this.sql = sql;
            }

            public Builder sql(String sql) {
                this.sql = sql;
                return this;
            }

            public Builder explanation(String explanation) {
                this.explanation = explanation;
                return this;
            }

            public Builder confidence(double confidence) {
                this.confidence = confidence;
                return this;
            }

            public Builder tablesUsed(List<String> tablesUsed) {
                this.tablesUsed = tablesUsed;
                return this;
            }

            public Builder assumptions(List<String> assumptions) {
                this.assumptions = assumptions;
                return this;
            }

            public Builder lintWarnings(List<String> lintWarnings) {
                this.lintWarnings = lintWarnings;
                return this;
            }

            public Builder attempts(int attempts) {
                this.attempts = attempts;
                return this;
            }

            public Builder cachedFrom(String cachedFrom) {
                this.cachedFrom = cachedFrom;
                return this;
            }

            public Builder retrievalMetadata(Metadata retrievalMetadata) {
                this.retrievalMetadata = retrievalMetadata;
                return this;
            }

            /** The rows an execution returned: all null for an answer that was not executed. */
            public Builder rows(
                    List<Column> columns, List<List<@Nullable String>> rows, Integer rowCount, Boolean truncated) {
                this.columns = columns;
                this.rows = rows;
                this.rowCount = rowCount;
                this.truncated = truncated;
                return this;
            }

            /** How long the statement ran and as which role. */
            public Builder execution(Long executionMs, String executedAs) {
                this.executionMs = executionMs;
                this.executedAs = executedAs;
                return this;
            }

            public Answered build() {
                return new Answered(
                        id,
                        sql,
                        explanation,
                        confidence,
                        tablesUsed,
                        assumptions,
                        lintWarnings,
                        attempts,
                        cachedFrom,
                        retrievalMetadata,
                        columns,
                        rows,
                        rowCount,
                        truncated,
                        executionMs,
                        executedAs);
            }
        }

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
    /** @param retrievalMetadata how its context was chosen, null when it failed before (or in) retrieval */
    record Failed(
            String id,
            String errorClass,
            String sqlstate,
            int attempts,
            String message,
            String stage,
            Metadata retrievalMetadata)
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

    /** A result column: its label, PostgreSQL type name, and whether its values are withheld as PII. */
    record Column(String name, String type, boolean masked) {}

    /**
     * How the answer's schema context was chosen ({@link RetrievalMetadata} without its counters).
     *
     * @param catalogVersion the version of the database's catalog the context was built from, null when the outcome
     *     predates version stamps
     */
    record Metadata(
            String strategy,
            int tablesIncluded,
            int chunksRetrieved,
            double avgRelevanceScore,
            String fallbackReason,
            int contextTokens,
            int fullSchemaTokens,
            String catalogVersion) {
        static Metadata of(RetrievalMetadata m) {
            if (m == null) return null;
            return new Metadata(
                    m.getStrategy(),
                    m.getTablesIncluded(),
                    m.getChunksRetrieved(),
                    m.getAvgRelevanceScore(),
                    m.getFallbackReason(),
                    m.getContextTokens(),
                    m.getFullSchemaTokens(),
                    m.getCatalogVersion());
        }
    }

    /** What a client that waited for a question saw: its outcome, or a timeout. */
    static OutcomeView of(Optional<AskClient.Outcome> outcome) {
        if (outcome.isEmpty()) return new NoAnswer(NoOutcome.TIMEOUT, null);
        AskClient.Outcome o = outcome.get();
        if (o.answer() == null) return failed(o.question().getId(), o.failure());
        return o.result() == null
                ? answered(o.question().getId(), o.answer())
                : answered(o.question().getId(), o.result());
    }

    /** An answer with its rows: {@code sql} is the statement that ran, a repair's when execution repaired it. */
    static Answered answered(String id, QueryResult r) {
        return answered(id, r.getAnswer()).toBuilder()
                .sql(r.getSql())
                .rows(
                        r.getColumns().stream()
                                .map(c -> new Column(c.getName(), c.getType(), c.getMasked()))
                                .toList(),
                        r.getRows(),
                        r.getRowCount(),
                        r.getTruncated())
                .execution(r.getExecutionMs(), r.getExecutedAs())
                .build();
    }

    /** An answer without rows: SQL only. */
    static Answered answered(String id, AnswerValidated a) {
        return Answered.builder(id, a.getSql())
                .explanation(a.getExplanation())
                .confidence(a.getConfidence())
                .tablesUsed(a.getTablesUsed())
                .assumptions(a.getAssumptions())
                .lintWarnings(a.getLintWarnings())
                .attempts(a.getAttempts())
                .cachedFrom(a.getCachedFrom())
                .retrievalMetadata(Metadata.of(a.getRetrievalMetadata()))
                .build();
    }

    static Failed failed(String id, FailureRecord f) {
        return new Failed(
                id,
                f.getErrorClass(),
                f.getSqlstate(),
                f.getAttempt(),
                f.getMessage(),
                f.getStage(),
                Metadata.of(f.getRetrievalMetadata()));
    }
}
