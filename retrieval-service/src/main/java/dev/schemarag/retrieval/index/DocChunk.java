package dev.schemarag.retrieval.index;

import dev.schemarag.core.schema.SqlReads;
import dev.schemarag.core.schema.TableName;
import java.util.Optional;

/**
 * One documentation chunk about a table, or about one of its columns when {@code column} is not empty.
 *
 * @param reads what the SQL of a {@link DocKind#QUERY} chunk reads, once the examples' seeding has parsed it; empty
 *     for other chunks and while not known
 */
public record DocChunk(TableName table, String column, DocKind kind, String content, Optional<SqlReads> reads) {
    public DocChunk {
        column = column == null ? "" : column;
        reads = reads == null ? Optional.empty() : reads;
    }

    /** A chunk whose SQL reads are not known. */
    public DocChunk(TableName table, String column, DocKind kind, String content) {
        this(table, column, kind, content, Optional.empty());
    }

    public boolean aboutColumn() {
        return !column.isEmpty();
    }
}
