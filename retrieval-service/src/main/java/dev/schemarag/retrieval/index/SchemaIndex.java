package dev.schemarag.retrieval.index;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Port: the per-database store of schema and documentation embeddings (the pgvector adapter implements it).
 * Similarities are cosine similarities ({@code 1 - cosine distance}); results come best first.
 * {@code schemas} restricts a search to those schemas; an empty set means the whole catalog.
 */
public interface SchemaIndex {

    /**
     * A cheap etag of the stored catalog (tables, columns and doc chunks), so per-database structures are rebuilt
     * only when it changes; empty when the database is not registered.
     */
    Optional<String> version(String databaseId);

    /** Everything lexical search and packet rendering need; empty when the database is not registered. */
    Optional<IndexedDatabase> load(String databaseId);

    /**
     * The tables changed after {@code version} with their current rows, as of one newer (or the same) version; empty
     * when the index cannot tell (no change feed, or not from that version), and then the caller loads in full.
     */
    default Optional<CatalogChanges> changesSince(String databaseId, String version) {
        return Optional.empty();
    }

    /** The registered databases that have a stored catalog, e.g. to load them all at start. */
    List<String> databases();

    /**
     * Loads now what searching the database needs, or brings what is held to the version {@link #version} reported
     * last, so that no question waits for it.
     */
    default void prepare(String databaseId) {}

    /**
     * From now on searches take what is held as it is, and only {@link #prepare} brings it up to date: a follower
     * calls it on a thread of its own.
     */
    default void follow() {}

    List<TableHit> searchTables(String databaseId, Set<String> schemas, float[] query, int topK);

    List<ColumnHit> searchColumns(String databaseId, Set<String> schemas, float[] query, int topK);

    List<DocHit> searchDocs(String databaseId, Set<String> schemas, float[] query, int topK);
}
