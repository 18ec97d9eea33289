package dev.schemarag.generation;

/**
 * What a generator produced: SQL, the reason it has none (no LLM reachable, no close verified example, ...), or the
 * record's deadline passing before it had either.
 */
public sealed interface GenerationOutcome {

    record Generated(GeneratedSql sql) implements GenerationOutcome {}

    record Unavailable(String reason) implements GenerationOutcome {}

    record OutOfTime(String reason) implements GenerationOutcome {}

    static GenerationOutcome generated(GeneratedSql sql) {
        return new Generated(sql);
    }

    static GenerationOutcome unavailable(String reason) {
        return new Unavailable(reason);
    }

    static GenerationOutcome outOfTime(String reason) {
        return new OutOfTime(reason);
    }
}
