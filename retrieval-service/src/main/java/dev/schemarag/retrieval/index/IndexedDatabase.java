package dev.schemarag.retrieval.index;

import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The stored catalog of one database at one {@code version}: what lexical search and context packets are built from.
 * Tables are in name order and doc chunks grouped by table in that order, so a catalog loaded in full and one reached by
 * {@link #withChanges} are equal when their rows are. {@code principals} is the mapping of principals to roles ingest
 * recorded with the tables' access, {@code dialect} the SQL the database speaks, which its packets are rendered in.
 */
public record IndexedDatabase(
        String databaseId,
        String version,
        List<IndexedTable> tables,
        List<DocChunk> docs,
        Principals principals,
        SqlDialect dialect) {
    public IndexedDatabase {
        if (principals == null) principals = Principals.NONE;
        if (dialect == null) dialect = SqlDialect.POSTGRESQL;
        tables = tables.stream()
                .sorted(Comparator.comparing(t -> t.definition().name()))
                .toList();
        docs = docs.stream().sorted(Comparator.comparing(DocChunk::table)).toList();
    }

    /** A PostgreSQL catalog. */
    public IndexedDatabase(
            String databaseId, String version, List<IndexedTable> tables, List<DocChunk> docs, Principals principals) {
        this(databaseId, version, tables, docs, principals, SqlDialect.POSTGRESQL);
    }

    /** A catalog whose database maps no principal: every question reads it whole. */
    public IndexedDatabase(String databaseId, String version, List<IndexedTable> tables, List<DocChunk> docs) {
        this(databaseId, version, tables, docs, Principals.NONE);
    }

    /** This catalog with the changed tables' rows replaced by theirs: a changed table absent from them is gone. */
    public IndexedDatabase withChanges(CatalogChanges changes) {
        List<IndexedTable> kept = new ArrayList<>(changes.tables());
        for (IndexedTable table : tables)
            if (!changes.changed().contains(table.definition().name())) kept.add(table);
        List<DocChunk> keptDocs = new ArrayList<>(changes.docs());
        for (DocChunk doc : docs) if (!changes.changed().contains(doc.table())) keptDocs.add(doc);
        return new IndexedDatabase(
                databaseId, changes.version(), kept, keptDocs, changes.principals(), changes.dialect());
    }

    /**
     * What changed from this catalog to {@code next}, as the store would report it: the tables whose rows or doc chunks
     * differ, present in one only included, with their rows in {@code next}.
     */
    public CatalogChanges changesTo(IndexedDatabase next) {
        Map<TableName, IndexedTable> before = new HashMap<>();
        tables.forEach(t -> before.put(t.definition().name(), t));
        Map<TableName, IndexedTable> after = new HashMap<>();
        next.tables.forEach(t -> after.put(t.definition().name(), t));
        Map<TableName, List<DocChunk>> docsBefore = byTable(docs);
        Map<TableName, List<DocChunk>> docsAfter = byTable(next.docs);
        Set<TableName> changed = new HashSet<>();
        Set<TableName> names = new HashSet<>(before.keySet());
        names.addAll(after.keySet());
        names.addAll(docsBefore.keySet());
        names.addAll(docsAfter.keySet());
        for (TableName name : names)
            if (!Objects.equals(before.get(name), after.get(name))
                    || !Objects.equals(docsBefore.get(name), docsAfter.get(name))) changed.add(name);
        return new CatalogChanges(
                next.version,
                changed,
                next.tables.stream()
                        .filter(t -> changed.contains(t.definition().name()))
                        .toList(),
                next.docs.stream().filter(d -> changed.contains(d.table())).toList(),
                next.principals,
                next.dialect);
    }

    private static Map<TableName, List<DocChunk>> byTable(List<DocChunk> docs) {
        Map<TableName, List<DocChunk>> byTable = new HashMap<>();
        docs.forEach(
                d -> byTable.computeIfAbsent(d.table(), t -> new ArrayList<>()).add(d));
        return byTable;
    }

    /** The names of the tables, in catalog order. */
    public List<TableName> tableNames() {
        return tables.stream().map(t -> t.definition().name()).toList();
    }
}
