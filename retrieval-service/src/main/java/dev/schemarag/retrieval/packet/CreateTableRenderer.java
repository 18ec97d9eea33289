package dev.schemarag.retrieval.packet;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a table as a {@code CREATE TABLE} statement with schema-qualified names, types, NOT NULL, the primary key,
 * unique constraints and foreign keys; the table comment goes above it and column comments after their columns.
 */
public final class CreateTableRenderer {
    private CreateTableRenderer() {}

    public static String render(Table table, SqlDialect dialect) {
        List<String> items = new ArrayList<>();
        List<String> comments = new ArrayList<>();
        for (Column column : table.columns()) {
            items.add(SqlText.identifier(column.name(), dialect) + " " + column.dataType()
                    + (column.nullable() ? "" : " NOT NULL"));
            comments.add(column.hasComment() ? SqlText.oneLine(column.comment()) : null);
        }
        if (!table.primaryKey().isEmpty())
            items.add("PRIMARY KEY (" + SqlText.columnList(table.primaryKey(), dialect) + ")");
        for (List<String> unique : table.uniqueConstraints())
            items.add("UNIQUE (" + SqlText.columnList(unique, dialect) + ")");
        for (ForeignKey fk : table.foreignKeys()) {
            items.add("FOREIGN KEY (" + SqlText.columnList(fk.columns(), dialect) + ") REFERENCES "
                    + SqlText.qualified(fk.referencedTable(), dialect) + " ("
                    + SqlText.columnList(fk.referencedColumns(), dialect)
                    + ")");
        }

        StringBuilder sql = new StringBuilder();
        if (table.hasComment())
            sql.append("-- ").append(SqlText.oneLine(table.comment())).append('\n');
        sql.append(table.view() ? "CREATE VIEW " : "CREATE TABLE ")
                .append(SqlText.qualified(table.name(), dialect))
                .append(" (\n");
        for (int i = 0; i < items.size(); i++) {
            sql.append("  ").append(items.get(i));
            if (i < items.size() - 1) sql.append(',');
            String comment = i < comments.size() ? comments.get(i) : null;
            if (comment != null) sql.append(" -- ").append(comment);
            sql.append('\n');
        }
        return sql.append(");").toString();
    }
}
