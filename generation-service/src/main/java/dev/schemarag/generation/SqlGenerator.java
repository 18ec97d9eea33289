package dev.schemarag.generation;

/** Port: turns a question and its schema context into a SQL candidate. Never throws for an unreachable backend. */
public interface SqlGenerator {
    /** Returns within the deadline, give or take one network round trip; out of time once it has passed. */
    GenerationOutcome generate(GenerationRequest request, Deadline deadline);
}
