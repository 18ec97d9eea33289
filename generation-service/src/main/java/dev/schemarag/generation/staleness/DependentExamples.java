package dev.schemarag.generation.staleness;

import dev.schemarag.generation.examples.ExampleStoreException;
import java.util.List;
import java.util.Optional;

/** Port: the examples store as the re-check after a schema change sees it (the pgvector adapter implements it). */
public interface DependentExamples {

    /**
     * The database's served and quarantined examples whose SQL may read {@code schema.table}: those whose stored
     * dependencies name it, and those whose SQL could not be parsed. Candidates and rejected answers are never served,
     * so never re-checked.
     */
    List<StoredExample> reading(String databaseId, String schema, String table) throws ExampleStoreException;

    /** Takes the example out of service, documented queries out of the context packets too, with the reason. */
    void quarantine(long exampleId, Replan.Broken cause) throws ExampleStoreException;

    /** Serves the example again. */
    void restore(long exampleId) throws ExampleStoreException;

    /** The database's catalog version in the store, when it has one. */
    Optional<String> catalogVersion(String databaseId) throws ExampleStoreException;
}
