package dev.schemarag.generation;

/** Port: turns a question and its schema context into a SQL candidate. Never throws for an unreachable backend. */
public interface SqlGenerator {
    GenerationOutcome generate(GenerationRequest request);
}
