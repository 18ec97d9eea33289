package dev.schemarag.retrieval.index;

import java.util.List;

/** The stored catalog of one database at one {@code version}: what lexical search and context packets are built from. */
public record IndexedDatabase(String databaseId, String version, List<IndexedTable> tables, List<DocChunk> docs) {
    public IndexedDatabase {
        tables = List.copyOf(tables);
        docs = List.copyOf(docs);
    }
}
