package dev.schemarag.retrieval.index;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Catalog rows as read from the store, remade with the strings they repeat shared: every row the store sends has
 * strings of its own, and a warehouse catalog repeats them on a large scale (the date-suffixed tables of a family
 * repeat every column's name, type and comment; key and audit column names recur in every table; every column row
 * of the vectors repeats its table's name). Names, types, defaults, comments and modules are interned in the JVM's
 * pool, so the prepared catalog and the vectors share theirs too; the table names of one load are shared as objects.
 * Embedded texts and their stamps are left as they are: each names its own table. The rows keep their values, so a
 * catalog made of shared rows equals the one read.
 */
public final class SharedStrings {
    private final Map<TableName, TableName> tableNames = new HashMap<>();

    public IndexedDatabase database(IndexedDatabase database) {
        return new IndexedDatabase(
                database.databaseId(),
                database.version(),
                tables(database.tables()),
                database.docs(),
                database.principals(),
                database.dialect());
    }

    public CatalogChanges changes(CatalogChanges changes) {
        return new CatalogChanges(
                changes.version(),
                changes.changed(),
                tables(changes.tables()),
                changes.docs(),
                changes.principals(),
                changes.dialect());
    }

    public DatabaseVectors vectors(DatabaseVectors vectors) {
        List<Embedded<TableName>> tables = new ArrayList<>(vectors.tables().size());
        for (Embedded<TableName> e : vectors.tables()) tables.add(new Embedded<>(name(e.entity()), e.vector()));
        List<Embedded<DatabaseVectors.Column>> columns =
                new ArrayList<>(vectors.columns().size());
        for (Embedded<DatabaseVectors.Column> e : vectors.columns()) {
            DatabaseVectors.Column c = e.entity();
            columns.add(new Embedded<>(
                    new DatabaseVectors.Column(name(c.table()), shared(c.name()), c.generic()), e.vector()));
        }
        return new DatabaseVectors(tables, columns, vectors.docs());
    }

    public VectorChanges vectorChanges(VectorChanges changes) {
        return new VectorChanges(changes.version(), changes.changed(), vectors(changes.vectors()));
    }

    private List<IndexedTable> tables(List<IndexedTable> tables) {
        List<IndexedTable> shared = new ArrayList<>(tables.size());
        for (IndexedTable t : tables) {
            List<IndexedColumn> columns = new ArrayList<>(t.columns().size());
            for (IndexedColumn c : t.columns())
                columns.add(new IndexedColumn(shared(c.name()), c.generic(), c.text(), c.stamp()));
            shared.add(new IndexedTable(
                    definition(t.definition()),
                    shared(t.module()),
                    t.generic(),
                    t.text(),
                    t.stamp(),
                    columns,
                    t.relationships(),
                    t.access()));
        }
        return shared;
    }

    private Table definition(Table table) {
        List<Column> columns = new ArrayList<>(table.columns().size());
        for (Column c : table.columns())
            columns.add(new Column(
                    shared(c.name()),
                    shared(c.dataType()),
                    c.nullable(),
                    shared(c.defaultValue()),
                    shared(c.comment())));
        List<ForeignKey> foreignKeys = new ArrayList<>(table.foreignKeys().size());
        for (ForeignKey fk : table.foreignKeys())
            foreignKeys.add(new ForeignKey(
                    fk.name(), names(fk.columns()), name(fk.referencedTable()), names(fk.referencedColumns())));
        return new Table(
                name(table.name()),
                table.view(),
                shared(table.comment()),
                columns,
                names(table.primaryKey()),
                foreignKeys,
                table.uniqueConstraints(),
                table.relationships());
    }

    private TableName name(TableName name) {
        return tableNames.computeIfAbsent(name, n -> new TableName(shared(n.schema()), shared(n.table())));
    }

    private static List<String> names(List<String> names) {
        List<String> shared = new ArrayList<>(names.size());
        for (String name : names) shared.add(shared(name));
        return shared;
    }

    private static String shared(String s) {
        return s == null ? null : s.intern();
    }
}
