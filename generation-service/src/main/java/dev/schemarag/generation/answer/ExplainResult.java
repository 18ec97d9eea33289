package dev.schemarag.generation.answer;

/** What the target database said about a query it was asked to EXPLAIN (the query itself never runs). */
public sealed interface ExplainResult {

    record Planned(String plan) implements ExplainResult {}

    /** @param sqlState PostgreSQL's SQLSTATE, null when the failure had none */
    record Rejected(String sqlState, String message) implements ExplainResult {}
}
