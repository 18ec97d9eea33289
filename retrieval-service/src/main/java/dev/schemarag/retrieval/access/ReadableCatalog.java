package dev.schemarag.retrieval.access;

import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.IndexedColumn;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A database's catalog as one role may read it, from the privileges ingest recorded: only the tables the role may
 * SELECT from, each with only its readable columns, keys and join edges whose columns and tables it can all read, and
 * no comment, embedded text or doc chunk that names what it cannot read. Everything retrieval ranks, expands and
 * renders for a question of that role comes from here, so nothing unreadable can reach its context.
 *
 * <p>A name counts as unreadable when it is the name of a table or column the role cannot read and of nothing it can
 * read (a column {@code id} it reads elsewhere is no secret). A table without recorded access is unreadable: privileges
 * not recorded yet hide a table rather than show it.
 */
public final class ReadableCatalog {
    private ReadableCatalog() {}

    /** The catalog as {@code role} may read it; its version is the catalog's. */
    public static IndexedDatabase of(IndexedDatabase database, String role) {
        Map<TableName, Set<String>> readable = new HashMap<>();
        Set<String> hidden = new HashSet<>();
        Set<String> shown = new HashSet<>();
        for (IndexedTable table : database.tables()) {
            Table definition = table.definition();
            TableAccess access = table.access();
            Set<String> columns = new HashSet<>(access.columns(role));
            if (columns.isEmpty()) {
                hidden.add(lower(definition.name().table()));
                definition.columns().forEach(c -> hidden.add(lower(c.name())));
                continue;
            }
            readable.put(definition.name(), columns);
            shown.add(lower(definition.name().table()));
            shown.add(lower(definition.name().schema()));
            for (Column c : definition.columns()) (columns.contains(c.name()) ? shown : hidden).add(lower(c.name()));
        }
        hidden.removeAll(shown);
        List<IndexedTable> tables = new ArrayList<>();
        for (IndexedTable table : database.tables()) {
            Set<String> columns = readable.get(table.definition().name());
            if (columns != null) tables.add(restrict(table, columns, readable, hidden));
        }
        List<DocChunk> docs = database.docs().stream()
                .filter(doc -> readable.containsKey(doc.table()))
                .filter(doc -> !doc.aboutColumn() || readable.get(doc.table()).contains(doc.column()))
                .filter(doc -> !Identifiers.mentions(doc.content(), hidden))
                .toList();
        return new IndexedDatabase(database.databaseId(), database.version(), tables, docs, database.principals());
    }

    private static IndexedTable restrict(
            IndexedTable table, Set<String> columns, Map<TableName, Set<String>> readable, Set<String> hidden) {
        Table d = table.definition();
        List<Column> kept = d.columns().stream()
                .filter(c -> columns.contains(c.name()))
                .map(c -> Identifiers.mentions(c.comment(), hidden)
                        ? new Column(c.name(), c.dataType(), c.nullable(), c.defaultValue(), null)
                        : c)
                .toList();
        Table definition = new Table(
                d.name(),
                d.view(),
                Identifiers.mentions(d.comment(), hidden) ? null : d.comment(),
                kept,
                columns.containsAll(d.primaryKey()) ? d.primaryKey() : List.of(),
                d.foreignKeys().stream()
                        .filter(fk -> columns.containsAll(fk.columns())
                                && reads(readable, fk.referencedTable(), fk.referencedColumns()))
                        .toList(),
                d.uniqueConstraints().stream().filter(columns::containsAll).toList(),
                d.relationships().stream()
                        .filter(r -> columns.containsAll(r.columns())
                                && reads(readable, r.referencedTable(), r.referencedColumns()))
                        .toList());
        List<IndexedColumn> indexed = table.columns().stream()
                .filter(c -> columns.contains(c.name()))
                .map(c -> new IndexedColumn(c.name(), c.generic(), Identifiers.without(c.text(), hidden), c.stamp()))
                .toList();
        List<ForeignKeyEdge> edges = table.relationships().stream()
                .filter(e -> columns.containsAll(e.fromColumns()) && reads(readable, e.to(), e.toColumns()))
                .toList();
        return new IndexedTable(
                definition,
                table.module(),
                table.generic(),
                Identifiers.without(table.text(), hidden),
                table.stamp(),
                indexed,
                edges,
                table.access());
    }

    private static boolean reads(Map<TableName, Set<String>> readable, TableName table, Collection<String> columns) {
        Set<String> readableColumns = readable.get(table);
        return readableColumns != null && readableColumns.containsAll(columns);
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
