package dev.schemarag.retrieval;

import dev.schemarag.core.embedding.TextHash;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.schema.Tables;
import dev.schemarag.retrieval.index.CatalogChanges;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocKind;
import dev.schemarag.retrieval.index.IndexedColumn;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Stored catalogs as ingest would write them, and the changes between two of them, for tests of incremental updates. */
public final class Catalogs {
    public static final String MODEL = "model-a";

    private Catalogs() {}

    /**
     * {@code count} tables over three schemas, each with an id, a name, a comment and a key to the table before it,
     * and an overview doc chunk: enough tables that every lexical shard holds several.
     */
    public static List<Table> tables(int count) {
        String[] schemas = {"hr", "sales", "finance"};
        List<Table> tables = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Tables table = Tables.table(schemas[i % 3] + ".entity_" + i)
                    .pk("entity_" + i + "_id")
                    .column(
                            "label_" + i,
                            "text",
                            true,
                            "Label of entity " + i + (i % 2 == 0 ? " customer" : " invoice"))
                    .comment("Entity number " + i + (i % 5 == 0 ? " holding payroll" : " holding orders"));
            if (i > 0) {
                String previous = schemas[(i - 1) % 3] + ".entity_" + (i - 1);
                table.fk("entity_" + (i - 1) + "_id", previous, "entity_" + (i - 1) + "_id");
            }
            tables.add(table.build());
        }
        return tables;
    }

    public static IndexedDatabase database(String version, List<Table> tables) {
        return new IndexedDatabase(
                "db",
                version,
                tables.stream().map(Catalogs::indexed).toList(),
                tables.stream().map(Catalogs::overview).toList());
    }

    /** What the store reports changed between two catalogs: the {@code changed} tables' rows in {@code next}. */
    public static CatalogChanges changes(IndexedDatabase next, Set<TableName> changed) {
        return new CatalogChanges(
                next.version(),
                changed,
                next.tables().stream()
                        .filter(t -> changed.contains(t.definition().name()))
                        .toList(),
                next.docs().stream().filter(d -> changed.contains(d.table())).toList());
    }

    public static Table withColumn(Table table, Column column) {
        List<Column> columns = new ArrayList<>(table.columns());
        columns.add(column);
        return new Table(
                table.name(),
                table.view(),
                table.comment(),
                columns,
                table.primaryKey(),
                table.foreignKeys(),
                table.uniqueConstraints());
    }

    public static Table withComment(Table table, String comment) {
        return new Table(
                table.name(),
                table.view(),
                comment,
                table.columns(),
                table.primaryKey(),
                table.foreignKeys(),
                table.uniqueConstraints());
    }

    public static Table renamed(Table table, TableName name) {
        return new Table(
                name,
                table.view(),
                table.comment(),
                table.columns(),
                table.primaryKey(),
                table.foreignKeys(),
                table.uniqueConstraints());
    }

    private static IndexedTable indexed(Table table) {
        String text = table.name().table() + (table.hasComment() ? ": " + table.comment() : "");
        return new IndexedTable(
                table,
                null,
                false,
                text,
                stamp(text),
                table.columns().stream()
                        .map(c -> {
                            String columnText = c.name() + (c.hasComment() ? ": " + c.comment() : "");
                            return new IndexedColumn(c.name(), false, columnText, stamp(columnText));
                        })
                        .toList());
    }

    private static DocChunk overview(Table table) {
        return new DocChunk(
                table.name(),
                "",
                DocKind.OVERVIEW,
                "Overview of " + table.name().table() + ": " + table.comment());
    }

    private static String stamp(String text) {
        return TextHash.stamp(MODEL, TextHash.sha256(text));
    }
}
