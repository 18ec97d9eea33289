package dev.schemarag.retrieval.index;

import dev.schemarag.core.config.Principals;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The stored catalog of one database at one {@code version}: what lexical search and context packets are built from.
 * Tables are in name order and doc chunks grouped by table in that order, so a catalog loaded in full and one reached by
 * {@link #withChanges} are equal when their rows are. {@code principals} is the mapping of principals to roles ingest
 * recorded with the tables' access.
 */
public record IndexedDatabase(
        String databaseId, String version, List<IndexedTable> tables, List<DocChunk> docs, Principals principals) {
    public IndexedDatabase {
        if (principals == null) principals = Principals.NONE;
        tables = tables.stream()
                .sorted(Comparator.comparing(t -> t.definition().name()))
                .toList();
        docs = docs.stream().sorted(Comparator.comparing(DocChunk::table)).toList();
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
        return new IndexedDatabase(databaseId, changes.version(), kept, keptDocs, changes.principals());
    }

    /** The names of the tables, in catalog order. */
    public List<TableName> tableNames() {
        return tables.stream().map(t -> t.definition().name()).toList();
    }
}
