package dev.schemarag.retrieval.index;

import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Set;

/**
 * What changed in a database's stored catalog after a version held, read in one snapshot of the store: the tables
 * touched since ({@code changed}, dropped and renamed ones included) and the current rows of those that still exist,
 * as of {@code version}, and the database's principal mapping and dialect as of then (read whole: they are small).
 */
public record CatalogChanges(
        String version,
        Set<TableName> changed,
        List<IndexedTable> tables,
        List<DocChunk> docs,
        Principals principals,
        SqlDialect dialect) {
    public CatalogChanges {
        if (principals == null) principals = Principals.NONE;
        if (dialect == null) dialect = SqlDialect.POSTGRESQL;
        changed = Set.copyOf(changed);
        tables = List.copyOf(tables);
        docs = List.copyOf(docs);
        for (IndexedTable table : tables)
            if (!changed.contains(table.definition().name()))
                throw new IllegalArgumentException(
                        "rows of unchanged table " + table.definition().name());
        for (DocChunk doc : docs)
            if (!changed.contains(doc.table()))
                throw new IllegalArgumentException("doc chunk of unchanged table " + doc.table());
    }

    /** Changes of a PostgreSQL database. */
    public CatalogChanges(
            String version,
            Set<TableName> changed,
            List<IndexedTable> tables,
            List<DocChunk> docs,
            Principals principals) {
        this(version, changed, tables, docs, principals, SqlDialect.POSTGRESQL);
    }

    /** Changes of a database that maps no principal. */
    public CatalogChanges(String version, Set<TableName> changed, List<IndexedTable> tables, List<DocChunk> docs) {
        this(version, changed, tables, docs, Principals.NONE);
    }
}
