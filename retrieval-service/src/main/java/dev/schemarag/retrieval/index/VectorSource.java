package dev.schemarag.retrieval.index;

/** Port: all stored vectors of a database, so that searches can run in memory (the pgvector adapter implements it). */
public interface VectorSource {

    /** The database's vectors; empty lists when it is not registered. */
    DatabaseVectors vectors(String databaseId);
}
