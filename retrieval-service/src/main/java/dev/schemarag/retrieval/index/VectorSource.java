package dev.schemarag.retrieval.index;

import java.util.Optional;

/** Port: all stored vectors of a database, so that searches can run in memory (the pgvector adapter implements it). */
public interface VectorSource {

    /** The database's vectors; empty lists when it is not registered. */
    DatabaseVectors vectors(String databaseId);

    /**
     * The vectors of the tables changed after {@code version}, as of one newer (or the same) version; empty when the
     * source cannot tell, and then the caller loads in full.
     */
    default Optional<VectorChanges> vectorChangesSince(String databaseId, String version) {
        return Optional.empty();
    }
}
