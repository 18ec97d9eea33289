package dev.schemarag.core.schema;

import java.util.List;

/**
 * A relationship an annotations file states about the owning table's columns: a join to {@code referencedTable} the
 * database does not declare, or, when {@code denied}, one that must never be inferred.
 */
public record Relationship(
        List<String> columns, TableName referencedTable, List<String> referencedColumns, boolean denied) {
    public Relationship {
        columns = List.copyOf(columns);
        referencedColumns = List.copyOf(referencedColumns);
        if (columns.isEmpty() || columns.size() != referencedColumns.size())
            throw new IllegalArgumentException("relationship to " + referencedTable + " needs matching column lists");
    }
}
