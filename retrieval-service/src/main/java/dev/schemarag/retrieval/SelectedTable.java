package dev.schemarag.retrieval;

import dev.schemarag.core.schema.TableName;

/**
 * A table in the packet; {@code score} is its relevance in cosine-similarity units, 0 for full-schema packets, and
 * {@code evidence} what the retrievers found for it.
 */
public record SelectedTable(TableName table, double score, SelectionReason reason, TableEvidence evidence) {
    public SelectedTable(TableName table, double score, SelectionReason reason) {
        this(table, score, reason, TableEvidence.NONE);
    }
}
