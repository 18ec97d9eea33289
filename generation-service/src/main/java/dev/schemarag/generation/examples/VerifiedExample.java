package dev.schemarag.generation.examples;

/**
 * A question with SQL known to answer it, and how close it is to the question being asked (cosine, 0..1).
 *
 * @param status {@link ExampleStatus#DOCUMENTED} or {@link ExampleStatus#APPROVED}: only those are served
 */
public record VerifiedExample(String question, String sql, ExampleStatus status, double similarity) {}
