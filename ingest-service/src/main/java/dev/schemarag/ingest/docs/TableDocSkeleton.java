package dev.schemarag.ingest.docs;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.SchemaCatalog;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.List;

/**
 * A table's doc in the format {@link TableDocParser} reads, written from the catalog for people to complete: the
 * table's COMMENT as its purpose, each column with its type, keys, nullability and COMMENT, the foreign keys both
 * ways as relationships, and empty sections for what only people know (business context, common queries, examples).
 * The guidance sits in a comment above the {@code # Table:} heading, which no section includes, so it is never
 * indexed; empty sections yield no chunk.
 */
public final class TableDocSkeleton {
    private TableDocSkeleton() {}

    /** The file name of a table's doc: the table's name, schema-qualified outside {@code defaultSchema}. */
    public static String fileName(TableName table, String defaultSchema) {
        return written(table, defaultSchema) + ".md";
    }

    public static String render(Table table, SchemaCatalog catalog, String defaultSchema) {
        StringBuilder md = new StringBuilder();
        md.append("<!-- Written by `schemarag db docs --init ")
                .append(catalog.databaseId())
                .append("` from the catalog. Complete Purpose, Business Context, the column\n")
                .append(
                        "     descriptions, and under Common Queries add patterns: ### Query Pattern: <name>, a ```sql block,\n")
                .append(
                        "     **Use case:** and **Returns:** (they answer questions offline). Empty sections are skipped;\n")
                .append("     `schemarag sync --db ")
                .append(catalog.databaseId())
                .append("` indexes the file. -->\n\n");
        md.append("# Table: ").append(written(table.name(), defaultSchema)).append("\n\n");
        md.append("## Purpose\n\n");
        if (table.hasComment()) md.append(table.comment().strip()).append("\n\n");
        md.append("## Business Context\n\n");
        md.append("## Columns\n\n");
        for (Column column : table.columns()) column(md, table, column, defaultSchema);
        md.append("## Relationships\n\n");
        for (String relationship : relationships(table, catalog, defaultSchema))
            md.append(relationship).append('\n');
        if (!relationships(table, catalog, defaultSchema).isEmpty()) md.append('\n');
        md.append("## Common Queries\n\n");
        md.append("## Examples\n");
        return md.toString();
    }

    private static void column(StringBuilder md, Table table, Column column, String defaultSchema) {
        List<String> type = new ArrayList<>(List.of(column.dataType()));
        if (table.isPrimaryKey(column.name())) type.add("primary key");
        table.foreignKeyOf(column.name())
                .ifPresent(fk -> type.add("foreign key to " + written(fk.referencedTable(), defaultSchema)));
        if (column.defaultValue() != null) type.add("default " + column.defaultValue());
        md.append("### ").append(column.name()).append("\n\n");
        md.append("- **Type:** ").append(String.join(", ", type)).append('\n');
        if (column.hasComment())
            md.append("- **Description:** ").append(column.comment().strip()).append('\n');
        md.append("- **Nullable:** ").append(column.nullable() ? "yes" : "no").append("\n\n");
    }

    /** Outgoing foreign keys, then the tables whose foreign keys point here. */
    private static List<String> relationships(Table table, SchemaCatalog catalog, String defaultSchema) {
        List<String> lines = new ArrayList<>();
        for (ForeignKey fk : table.foreignKeys())
            lines.add(
                    "- **" + written(fk.referencedTable(), defaultSchema) + "** via " + String.join(", ", fk.columns())
                            + ": each row refers to one " + written(fk.referencedTable(), defaultSchema));
        for (Table other : catalog.tables())
            for (ForeignKey fk : other.foreignKeys())
                if (fk.referencedTable().equals(table.name()) && !other.name().equals(table.name()))
                    lines.add("- **" + written(other.name(), defaultSchema) + "** via "
                            + String.join(", ", fk.columns()) + ": rows of " + written(other.name(), defaultSchema)
                            + " that refer to this table");
        return lines;
    }

    private static String written(TableName name, String defaultSchema) {
        return name.schema().equals(defaultSchema) ? name.table() : name.toString();
    }
}
