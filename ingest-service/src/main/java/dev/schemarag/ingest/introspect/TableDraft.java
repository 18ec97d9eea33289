package dev.schemarag.ingest.introspect;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.List;

/** A table while an introspector's catalog queries fill it in; frozen into a {@link Table}. */
public final class TableDraft {
    private final TableName name;
    private final boolean view;
    private final String comment;
    private final List<Column> columns = new ArrayList<>();
    private final List<String> primaryKey = new ArrayList<>();
    private final List<ForeignKey> foreignKeys = new ArrayList<>();
    private final List<List<String>> unique = new ArrayList<>();

    public TableDraft(TableName name, boolean view, String comment) {
        this.name = name;
        this.view = view;
        this.comment = comment;
    }

    public void addColumn(Column column) {
        columns.add(column);
    }

    public void addPrimaryKey(List<String> keyColumns) {
        primaryKey.addAll(keyColumns);
    }

    public void addUnique(List<String> keyColumns) {
        unique.add(keyColumns);
    }

    public void addForeignKey(ForeignKey foreignKey) {
        foreignKeys.add(foreignKey);
    }

    public Table build() {
        return new Table(name, view, comment, columns, primaryKey, foreignKeys, unique);
    }
}
