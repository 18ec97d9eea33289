package dev.schemarag.retrieval.index;

import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Every stored vector of one database: exactly the rows a search of the store considers. Rows are in key order
 * (tables by name, columns by table and name, doc chunks grouped by table in the order given), so that equal
 * similarities rank the same way whether the vectors were loaded in full or reached by {@link #withChanges}.
 */
public record DatabaseVectors(
        List<Embedded<TableName>> tables, List<Embedded<Column>> columns, List<Embedded<DocChunk>> docs) {
    static final Comparator<TableName> TABLE_ORDER = Comparator.naturalOrder();
    static final Comparator<Column> COLUMN_ORDER =
            Comparator.comparing(Column::table).thenComparing(Column::name);
    /** Stable: a table's chunks keep the order they were read in. */
    static final Comparator<DocChunk> DOC_ORDER = Comparator.comparing(DocChunk::table);

    public DatabaseVectors {
        tables = tables.stream()
                .sorted(Comparator.comparing(Embedded::entity, TABLE_ORDER))
                .toList();
        columns = columns.stream()
                .sorted(Comparator.comparing(Embedded::entity, COLUMN_ORDER))
                .toList();
        docs = docs.stream()
                .sorted(Comparator.comparing(Embedded::entity, DOC_ORDER))
                .toList();
    }

    /** These vectors with the changed tables' replaced by theirs. */
    public DatabaseVectors withChanges(VectorChanges changes) {
        Set<TableName> changed = changes.changed();
        List<Embedded<TableName>> newTables = new ArrayList<>(changes.vectors().tables());
        for (Embedded<TableName> e : tables) if (!changed.contains(e.entity())) newTables.add(e);
        List<Embedded<Column>> newColumns = new ArrayList<>(changes.vectors().columns());
        for (Embedded<Column> e : columns) if (!changed.contains(e.entity().table())) newColumns.add(e);
        List<Embedded<DocChunk>> newDocs = new ArrayList<>(changes.vectors().docs());
        for (Embedded<DocChunk> e : docs) if (!changed.contains(e.entity().table())) newDocs.add(e);
        return new DatabaseVectors(newTables, newColumns, newDocs);
    }

    /** A column row as a {@link ColumnHit} reports it. */
    public record Column(TableName table, String name, boolean generic) {}
}
