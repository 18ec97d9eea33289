package dev.schemarag.generation.answer;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.generation.validation.SqlStateClassifier;

/** What the target database said about a query it was asked to EXPLAIN (the query itself never runs). */
public sealed interface ExplainResult {

    record Planned(String plan) implements ExplainResult {}

    /**
     * @param errorClass what the adapter made of the database's error, from its dialect's codes
     * @param sqlState the database's SQLSTATE, null when the failure had none
     */
    record Rejected(ErrorClass errorClass, String sqlState, String message) implements ExplainResult {
        /** A PostgreSQL error, classified by its SQLSTATE. */
        public Rejected(String sqlState, String message) {
            this(new SqlStateClassifier().classify(sqlState), sqlState, message);
        }
    }

    /** The adapter would not send the query at all (unsafe session or text); {@code errorClass} says whose fault. */
    record Refused(ErrorClass errorClass, String reason) implements ExplainResult {}
}
