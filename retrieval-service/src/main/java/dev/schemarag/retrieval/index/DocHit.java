package dev.schemarag.retrieval.index;

/** A documentation chunk near the question vector. */
public record DocHit(DocChunk chunk, double similarity) {}
