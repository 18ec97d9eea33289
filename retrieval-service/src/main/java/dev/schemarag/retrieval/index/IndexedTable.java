package dev.schemarag.retrieval.index;

import dev.schemarag.core.schema.Table;
import java.util.List;

/**
 * One table row of the store: its full definition, module ({@code null} when unassigned), generic flag, the
 * stable text that was embedded and the stored {@code stamp} of its vector (see {@code TextHash.stamp}), with its
 * column rows.
 */
public record IndexedTable(
        Table definition, String module, boolean generic, String text, String stamp, List<IndexedColumn> columns) {
    public IndexedTable {
        columns = List.copyOf(columns);
    }
}
