package dev.schemarag.generation;

/** What a generator produced: SQL, or the reason it has none (no LLM reachable, no close verified example, ...). */
public sealed interface GenerationOutcome {

    record Generated(GeneratedSql sql) implements GenerationOutcome {}

    record Unavailable(String reason) implements GenerationOutcome {}

    static GenerationOutcome generated(GeneratedSql sql) {
        return new Generated(sql);
    }

    static GenerationOutcome unavailable(String reason) {
        return new Unavailable(reason);
    }
}
