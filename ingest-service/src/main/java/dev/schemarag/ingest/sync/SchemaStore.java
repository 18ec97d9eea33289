package dev.schemarag.ingest.sync;

import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.EntityKey;
import dev.schemarag.core.store.StoredDocChunk;
import dev.schemarag.core.store.StoredEntity;
import dev.schemarag.core.store.TableDefinition;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Port: the write side of the schema store, as ingest needs it (the pgvector adapter implements it). Every write is
 * an upsert or a delete by key, so replaying a change leaves the store as it was.
 * <p>
 * Failures: every method reports a store it cannot use as the checked {@link SchemaStoreException}, which wraps the
 * adapter's exception, and the domain passes it on to whoever decides what an outage means (the table refresher's
 * bounded retry, a sync's caller). An unchecked exception out of the port is a bug, never retried. The target's port,
 * {@link dev.schemarag.ingest.introspect.SchemaIntrospector}, follows the same rule with its IntrospectionException.
 */
public interface SchemaStore {

    /** Text hashes of every stored entity of a database, or of one table when {@code table} is given. */
    Map<EntityKey, String> hashes(String databaseId, TableName table) throws SchemaStoreException;

    /** Inserts or updates entities in one transaction. */
    void upsert(String databaseId, Collection<StoredEntity> entities) throws SchemaStoreException;

    /** Updates the non-embedded fields (compact form, definition) of table rows whose text did not change. */
    void updateTableDefinitions(String databaseId, Map<TableName, TableDefinition> definitions)
            throws SchemaStoreException;

    /** Deletes the given entities; returns how many were stored. */
    int delete(String databaseId, Collection<EntityKey> keys) throws SchemaStoreException;

    /** Text hashes of the stored doc chunks of a database, keyed by {@link StoredDocChunk#key}. */
    Map<String, String> docHashes(String databaseId) throws SchemaStoreException;

    /** Upserts the given doc chunks and deletes every other chunk of the database whose key is not in {@code keep}. */
    void replaceDocChunks(String databaseId, Collection<StoredDocChunk> chunks, Set<String> keep)
            throws SchemaStoreException;

    /**
     * The stored definitions, annotations included, of the database's tables in the given schemas (every schema when
     * null), in name order.
     */
    List<Table> definitions(String databaseId, Set<String> schemas) throws SchemaStoreException;

    /** The stored definitions, annotations included, of those of the given tables that are stored, in name order. */
    List<Table> tableDefinitions(String databaseId, Set<TableName> tables) throws SchemaStoreException;

    /** The stored annotated and inferred edges from the given tables, as {@link #replaceRelationships} left them. */
    List<ForeignKeyEdge> relationshipsFrom(String databaseId, Set<TableName> tables) throws SchemaStoreException;

    /**
     * Makes the stored annotated and inferred edges of the tables in the given schemas (the whole database when null)
     * exactly {@code edges}, in one transaction, writing only rows that differ; returns the referencing tables whose
     * edges changed.
     */
    Set<TableName> replaceRelationships(String databaseId, Set<String> schemas, Collection<ForeignKeyEdge> edges)
            throws SchemaStoreException;

    /**
     * Makes the recorded privileges of the database's tables exactly {@code access} (a table absent from it: no mapped
     * role reads it, no row security), its recorded mapping {@code principals} and its SQL {@code dialect} (which
     * retrieval renders its packets in), in one transaction, writing only what differs; returns the tables whose access
     * changed.
     */
    Set<TableName> replaceAccess(
            String databaseId, Principals principals, SqlDialect dialect, Map<TableName, TableAccess> access)
            throws SchemaStoreException;
}
