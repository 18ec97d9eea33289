package dev.schemarag.retrieval.index;

import dev.schemarag.core.schema.TableName;

/** A column row of the store near the question vector; {@code generic} columns (ids, timestamps) weigh less. */
public record ColumnHit(TableName table, String column, boolean generic, double similarity) {}
