package dev.schemarag.retrieval;

import dev.schemarag.core.schema.TableName;

/** A table in the packet; {@code score} is its relevance in cosine-similarity units, 0 for full-schema packets. */
public record SelectedTable(TableName table, double score, SelectionReason reason) {}
