package dev.schemarag.core.schema;

import java.util.List;
import java.util.Optional;

/**
 * A table or view with its columns and constraints, as introspected from the database catalog, and the relationships
 * its annotations add or deny (empty unless an annotations file names them).
 */
public record Table(
        TableName name,
        boolean view,
        String comment,
        List<Column> columns,
        List<String> primaryKey,
        List<ForeignKey> foreignKeys,
        List<List<String>> uniqueConstraints,
        List<Relationship> relationships) {

    public Table {
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
        foreignKeys = List.copyOf(foreignKeys);
        uniqueConstraints = uniqueConstraints.stream().map(List::copyOf).toList();
        // Null in definitions stored before relationships existed.
        relationships = relationships == null ? List.of() : List.copyOf(relationships);
    }

    /** A table as the catalog holds it, without annotated relationships. */
    public Table(
            TableName name,
            boolean view,
            String comment,
            List<Column> columns,
            List<String> primaryKey,
            List<ForeignKey> foreignKeys,
            List<List<String>> uniqueConstraints) {
        this(name, view, comment, columns, primaryKey, foreignKeys, uniqueConstraints, List.of());
    }

    /** The same table with the given annotated relationships instead of its own. */
    public Table withRelationships(List<Relationship> annotated) {
        return new Table(name, view, comment, columns, primaryKey, foreignKeys, uniqueConstraints, annotated);
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
