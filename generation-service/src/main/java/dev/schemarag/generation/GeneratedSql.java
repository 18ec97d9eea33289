package dev.schemarag.generation;

import java.util.List;

/**
 * A SQL candidate and what the generator says about it.
 *
 * @param generator {@code llm}, {@code verified_example}, or {@code answer_cache} for SQL the answer cache served
 */
public record GeneratedSql(
        String sql,
        String explanation,
        double confidence,
        List<String> tablesUsed,
        List<String> assumptions,
        String generator) {
    /** The generator name of SQL a model wrote. */
    public static final String LLM = "llm";

    public GeneratedSql {
        explanation = explanation == null ? "" : explanation;
        tablesUsed = List.copyOf(tablesUsed);
        assumptions = List.copyOf(assumptions);
    }

    public GeneratedSql withSql(String newSql) {
        return new GeneratedSql(newSql, explanation, confidence, tablesUsed, assumptions, generator);
    }

    public GeneratedSql withConfidence(double newConfidence) {
        return new GeneratedSql(sql, explanation, newConfidence, tablesUsed, assumptions, generator);
    }
}
