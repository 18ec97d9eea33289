package dev.schemarag.retrieval.index;

import dev.schemarag.core.schema.TableName;

/** A table row of the store near the question vector. */
public record TableHit(TableName table, double similarity) {}
