package dev.schemarag.ingest.docs;

/**
 * A documented query pattern: reviewed SQL for a named question, usable as a verified few-shot example.
 * {@code useCase} and {@code returns} are empty when the doc leaves them out.
 */
public record QueryExample(String name, String sql, String useCase, String returns) {
    public QueryExample {
        if (sql == null || sql.isBlank()) throw new IllegalArgumentException("query pattern " + name + " has no SQL");
        useCase = useCase == null ? "" : useCase;
        returns = returns == null ? "" : returns;
    }
}
