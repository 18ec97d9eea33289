package dev.schemarag.retrieval.index;

/** One stored vector with the entity it embeds. */
public record Embedded<T>(T entity, float[] vector) {}
