package dev.schemarag.generation.answer;

import dev.schemarag.core.failure.ErrorClass;

/** What the target database said about a query it was asked to EXPLAIN (the query itself never runs). */
public sealed interface ExplainResult {

    record Planned(String plan) implements ExplainResult {}

    /** @param sqlState PostgreSQL's SQLSTATE, null when the failure had none */
    record Rejected(String sqlState, String message) implements ExplainResult {}

    /** The adapter would not send the query at all (unsafe session or text); {@code errorClass} says whose fault. */
    record Refused(ErrorClass errorClass, String reason) implements ExplainResult {}
}
