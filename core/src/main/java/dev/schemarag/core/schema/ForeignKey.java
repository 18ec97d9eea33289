package dev.schemarag.core.schema;

import java.util.List;

/** A (possibly multi-column) foreign key from the owning table to {@code referencedTable}. */
public record ForeignKey(String name, List<String> columns, TableName referencedTable, List<String> referencedColumns) {
    public ForeignKey {
        columns = List.copyOf(columns);
        referencedColumns = List.copyOf(referencedColumns);
        if (columns.isEmpty() || columns.size() != referencedColumns.size())
            throw new IllegalArgumentException("foreign key " + name + " needs matching column lists");
    }
}
