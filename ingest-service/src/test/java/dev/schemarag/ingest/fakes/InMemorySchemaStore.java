package dev.schemarag.ingest.fakes;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.EntityKey;
import dev.schemarag.core.store.SchemaStore;
import dev.schemarag.core.store.StoredDocChunk;
import dev.schemarag.core.store.StoredEntity;
import dev.schemarag.core.store.TableDefinition;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** The schema store in maps, keyed like the pgvector tables' unique constraints. Can be told to fail. */
public final class InMemorySchemaStore implements SchemaStore {
    private final Map<String, Map<EntityKey, StoredEntity>> entities = new HashMap<>();
    private final Map<String, Map<String, StoredDocChunk>> docs = new HashMap<>();
    public SQLException failWith;
    /** How many calls fail with {@link #failWith} before the store answers again (an outage that ends). */
    public int failures = Integer.MAX_VALUE;

    public Map<EntityKey, StoredEntity> entities(String databaseId) {
        return entities.computeIfAbsent(databaseId, id -> new LinkedHashMap<>());
    }

    public Map<String, StoredDocChunk> docs(String databaseId) {
        return docs.computeIfAbsent(databaseId, id -> new LinkedHashMap<>());
    }

    @Override
    public Map<EntityKey, String> hashes(String databaseId, TableName table) throws SQLException {
        failIfAsked();
        Map<EntityKey, String> hashes = new HashMap<>();
        entities(databaseId).forEach((k, e) -> {
            if (table == null || k.table().equals(table)) hashes.put(k, e.textHash());
        });
        return hashes;
    }

    @Override
    public void upsert(String databaseId, Collection<StoredEntity> rows) throws SQLException {
        failIfAsked();
        rows.forEach(e -> entities(databaseId).put(e.key(), e));
    }

    @Override
    public void updateTableDefinitions(String databaseId, Map<TableName, TableDefinition> definitions)
            throws SQLException {
        failIfAsked();
        definitions.forEach((table, d) -> entities(databaseId)
                .computeIfPresent(
                        EntityKey.table(table),
                        (k, e) -> new StoredEntity(
                                k,
                                e.module(),
                                e.generic(),
                                e.stableText(),
                                e.textHash(),
                                d.compactSchema(),
                                d.definitionJson(),
                                e.embedding())));
    }

    @Override
    public int delete(String databaseId, Collection<EntityKey> keys) throws SQLException {
        failIfAsked();
        int deleted = 0;
        for (EntityKey k : keys) if (entities(databaseId).remove(k) != null) deleted++;
        return deleted;
    }

    @Override
    public Map<String, String> docHashes(String databaseId) throws SQLException {
        failIfAsked();
        Map<String, String> hashes = new HashMap<>();
        docs(databaseId).forEach((k, d) -> hashes.put(k, d.textHash()));
        return hashes;
    }

    @Override
    public void replaceDocChunks(String databaseId, Collection<StoredDocChunk> chunks, Set<String> keep)
            throws SQLException {
        failIfAsked();
        for (StoredDocChunk d : chunks) docs(databaseId).put(SchemaStore.docKey(d.table(), d.kind(), d.index()), d);
        docs(databaseId).keySet().retainAll(keep);
    }

    private void failIfAsked() throws SQLException {
        if (failWith != null && failures > 0) {
            failures--;
            throw failWith;
        }
    }
}
