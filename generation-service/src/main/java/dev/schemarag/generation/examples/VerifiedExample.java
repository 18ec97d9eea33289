package dev.schemarag.generation.examples;

/**
 * A question with SQL known to answer it, and how close it is to the question being asked (cosine, 0..1).
 *
 * @param source {@code doc} (a documented Common Query) or {@code validated} (an earlier answer that passed validation)
 */
public record VerifiedExample(String question, String sql, String source, double similarity) {}
