package dev.schemarag.retrieval.index;

import dev.schemarag.core.schema.TableName;
import java.util.List;

/** Every stored vector of one database: exactly the rows a search of the store considers. */
public record DatabaseVectors(
        List<Embedded<TableName>> tables, List<Embedded<Column>> columns, List<Embedded<DocChunk>> docs) {
    public DatabaseVectors {
        tables = List.copyOf(tables);
        columns = List.copyOf(columns);
        docs = List.copyOf(docs);
    }

    /** A column row as a {@link ColumnHit} reports it. */
    public record Column(TableName table, String name, boolean generic) {}
}
