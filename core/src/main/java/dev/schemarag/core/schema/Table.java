package dev.schemarag.core.schema;

import java.util.List;
import java.util.Optional;

/** A table or view with its columns and constraints, as introspected from the database catalog. */
public record Table(
        TableName name,
        boolean view,
        String comment,
        List<Column> columns,
        List<String> primaryKey,
        List<ForeignKey> foreignKeys,
        List<List<String>> uniqueConstraints) {

    public Table {
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
        foreignKeys = List.copyOf(foreignKeys);
        uniqueConstraints = uniqueConstraints.stream().map(List::copyOf).toList();
    }

    public Optional<Column> column(String columnName) {
        return columns.stream().filter(c -> c.name().equals(columnName)).findFirst();
    }

    public boolean isPrimaryKey(String columnName) {
        return primaryKey.contains(columnName);
    }

    /** The foreign key the column takes part in, if any. */
    public Optional<ForeignKey> foreignKeyOf(String columnName) {
        return foreignKeys.stream()
                .filter(fk -> fk.columns().contains(columnName))
                .findFirst();
    }

    public boolean hasComment() {
        return comment != null && !comment.isBlank();
    }
}
