package dev.schemarag.retrieval.index;

import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import java.util.List;

/**
 * One table row of the store: its full definition, module ({@code null} when unassigned), generic flag, the
 * stable text that was embedded and the stored {@code stamp} of its vector (see {@code TextHash.stamp}), with its
 * column rows and the annotated and inferred join edges from it that ingest stored (its declared keys are in the
 * definition), and what the mapped roles of its database may read of it ({@code access}).
 */
public record IndexedTable(
        Table definition,
        String module,
        boolean generic,
        String text,
        String stamp,
        List<IndexedColumn> columns,
        List<ForeignKeyEdge> relationships,
        TableAccess access) {
    public IndexedTable {
        columns = List.copyOf(columns);
        if (access == null) access = TableAccess.NONE;
        relationships = List.copyOf(relationships);
        for (ForeignKeyEdge edge : relationships)
            if (!edge.from().equals(definition.name()) || edge.declared())
                throw new IllegalArgumentException(
                        "edge " + edge.from() + " -> " + edge.to() + " is not one stored for " + definition.name());
    }

    /** A table without recorded access: no mapped role reads it. */
    public IndexedTable(
            Table definition,
            String module,
            boolean generic,
            String text,
            String stamp,
            List<IndexedColumn> columns,
            List<ForeignKeyEdge> relationships) {
        this(definition, module, generic, text, stamp, columns, relationships, TableAccess.NONE);
    }

    /** A table without stored edges beyond its declared keys. */
    public IndexedTable(
            Table definition, String module, boolean generic, String text, String stamp, List<IndexedColumn> columns) {
        this(definition, module, generic, text, stamp, columns, List.of());
    }
}
