package dev.schemarag.generation.validation;

/** A column of the context and how similar its name is to the one that failed, in [0, 1]. */
public record ColumnMatch(String table, String column, double similarity) {}
