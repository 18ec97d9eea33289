package dev.schemarag.retrieval.index;

import dev.schemarag.core.schema.TableName;

/** One documentation chunk about a table, or about one of its columns when {@code column} is not empty. */
public record DocChunk(TableName table, String column, DocKind kind, String content) {
    public DocChunk {
        column = column == null ? "" : column;
    }

    public boolean aboutColumn() {
        return !column.isEmpty();
    }
}
