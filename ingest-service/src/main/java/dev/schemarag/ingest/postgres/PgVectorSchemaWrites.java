package dev.schemarag.ingest.postgres;

import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.EntityKey;
import dev.schemarag.core.store.PgVectorSchemaStore;
import dev.schemarag.core.store.StoredDocChunk;
import dev.schemarag.core.store.StoredEntity;
import dev.schemarag.core.store.TableDefinition;
import dev.schemarag.ingest.sync.SchemaStore;
import dev.schemarag.ingest.sync.SchemaStoreException;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Adapter: the {@link SchemaStore} port on the pgvector store, each SQL failure reported as a
 * {@link SchemaStoreException} around the driver's exception.
 */
public final class PgVectorSchemaWrites implements SchemaStore {
    private final PgVectorSchemaStore store;

    public PgVectorSchemaWrites(PgVectorSchemaStore store) {
        this.store = store;
    }

    @Override
    public Map<EntityKey, String> hashes(String databaseId, TableName table) throws SchemaStoreException {
        return reported(() -> store.hashes(databaseId, table));
    }

    @Override
    public void upsert(String databaseId, Collection<StoredEntity> entities) throws SchemaStoreException {
        written(() -> store.upsert(databaseId, entities));
    }

    @Override
    public void updateTableDefinitions(String databaseId, Map<TableName, TableDefinition> definitions)
            throws SchemaStoreException {
        written(() -> store.updateTableDefinitions(databaseId, definitions));
    }

    @Override
    public int delete(String databaseId, Collection<EntityKey> keys) throws SchemaStoreException {
        return reported(() -> store.delete(databaseId, keys));
    }

    @Override
    public Map<String, String> docHashes(String databaseId) throws SchemaStoreException {
        return reported(() -> store.docHashes(databaseId));
    }

    @Override
    public void replaceDocChunks(String databaseId, Collection<StoredDocChunk> chunks, Set<String> keep)
            throws SchemaStoreException {
        written(() -> store.replaceDocChunks(databaseId, chunks, keep));
    }

    @Override
    public List<Table> definitions(String databaseId, Set<String> schemas) throws SchemaStoreException {
        return reported(() -> store.definitions(databaseId, schemas));
    }

    @Override
    public List<Table> tableDefinitions(String databaseId, Set<TableName> tables) throws SchemaStoreException {
        return reported(() -> store.tableDefinitions(databaseId, tables));
    }

    @Override
    public List<ForeignKeyEdge> relationshipsFrom(String databaseId, Set<TableName> tables)
            throws SchemaStoreException {
        return reported(() -> store.relationshipsFrom(databaseId, tables));
    }

    @Override
    public Set<TableName> replaceRelationships(String databaseId, Set<String> schemas, Collection<ForeignKeyEdge> edges)
            throws SchemaStoreException {
        return reported(() -> store.replaceRelationships(databaseId, schemas, edges));
    }

    @Override
    public Set<TableName> replaceAccess(
            String databaseId, Principals principals, SqlDialect dialect, Map<TableName, TableAccess> access)
            throws SchemaStoreException {
        return reported(() -> store.replaceAccess(databaseId, principals, dialect, access));
    }

    private static <T> T reported(StoreCall<T> call) throws SchemaStoreException {
        try {
            return call.run();
        } catch (SQLException e) {
            throw new SchemaStoreException(e);
        }
    }

    private static void written(StoreWrite write) throws SchemaStoreException {
        try {
            write.run();
        } catch (SQLException e) {
            throw new SchemaStoreException(e);
        }
    }

    @FunctionalInterface
    private interface StoreCall<T> {
        T run() throws SQLException;
    }

    @FunctionalInterface
    private interface StoreWrite {
        void run() throws SQLException;
    }
}
