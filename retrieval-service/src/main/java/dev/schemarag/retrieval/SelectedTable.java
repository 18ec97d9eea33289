package dev.schemarag.retrieval;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.family.TableFamily;
import java.util.Optional;

/**
 * A table in the packet; {@code score} is its relevance in cosine-similarity units, 0 for full-schema packets, and
 * {@code evidence} what the retrievers found for it. A table that stands for its {@code family} is the family's
 * representative: the packet writes the family once, with this member's columns.
 */
public record SelectedTable(
        TableName table, double score, SelectionReason reason, TableEvidence evidence, Optional<TableFamily> family) {
    public SelectedTable(TableName table, double score, SelectionReason reason, TableEvidence evidence) {
        this(table, score, reason, evidence, Optional.empty());
    }

    public SelectedTable(TableName table, double score, SelectionReason reason) {
        this(table, score, reason, TableEvidence.NONE);
    }
}
