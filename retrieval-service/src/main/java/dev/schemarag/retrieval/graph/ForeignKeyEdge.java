package dev.schemarag.retrieval.graph;

import dev.schemarag.core.schema.TableName;
import java.util.List;

/** A foreign key from {@code from}'s columns to {@code to}'s columns. */
public record ForeignKeyEdge(TableName from, List<String> fromColumns, TableName to, List<String> toColumns) {
    public ForeignKeyEdge {
        fromColumns = List.copyOf(fromColumns);
        toColumns = List.copyOf(toColumns);
    }
}
