package dev.schemarag.ingest.fakes;

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
import dev.schemarag.core.store.TableDefinitions;
import dev.schemarag.ingest.sync.SchemaStore;
import dev.schemarag.ingest.sync.SchemaStoreException;
import java.sql.SQLException;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The schema store in maps, keyed like the pgvector tables' unique constraints. Can be told to fail as the pgvector
 * adapter does: with the driver's SQLException wrapped in a SchemaStoreException.
 */
public final class InMemorySchemaStore implements SchemaStore {
    private final Map<String, Map<EntityKey, StoredEntity>> entities = new HashMap<>();
    private final Map<String, Map<String, StoredDocChunk>> docs = new HashMap<>();
    private final Map<String, Set<ForeignKeyEdge>> relationships = new HashMap<>();
    private final Map<String, Map<TableName, TableAccess>> access = new HashMap<>();
    public SQLException failWith;
    /** How many calls fail with {@link #failWith} before the store answers again (an outage that ends). */
    public int failures = Integer.MAX_VALUE;
    /** How often the stored edges were replaced, that is recomputed. */
    public int relationshipReplacements;

    public Map<EntityKey, StoredEntity> entities(String databaseId) {
        return entities.computeIfAbsent(databaseId, id -> new LinkedHashMap<>());
    }

    public Map<String, StoredDocChunk> docs(String databaseId) {
        return docs.computeIfAbsent(databaseId, id -> new LinkedHashMap<>());
    }

    @Override
    public Map<EntityKey, String> hashes(String databaseId, TableName table) throws SchemaStoreException {
        failIfAsked();
        Map<EntityKey, String> hashes = new HashMap<>();
        entities(databaseId).forEach((k, e) -> {
            if (table == null || k.table().equals(table)) hashes.put(k, e.textHash());
        });
        return hashes;
    }

    @Override
    public void upsert(String databaseId, Collection<StoredEntity> rows) throws SchemaStoreException {
        failIfAsked();
        rows.forEach(e -> entities(databaseId).put(e.key(), e));
    }

    @Override
    public void updateTableDefinitions(String databaseId, Map<TableName, TableDefinition> definitions)
            throws SchemaStoreException {
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
    public int delete(String databaseId, Collection<EntityKey> keys) throws SchemaStoreException {
        failIfAsked();
        int deleted = 0;
        for (EntityKey k : keys) if (entities(databaseId).remove(k) != null) deleted++;
        return deleted;
    }

    @Override
    public Map<String, String> docHashes(String databaseId) throws SchemaStoreException {
        failIfAsked();
        Map<String, String> hashes = new HashMap<>();
        docs(databaseId).forEach((k, d) -> hashes.put(k, d.textHash()));
        return hashes;
    }

    @Override
    public void replaceDocChunks(String databaseId, Collection<StoredDocChunk> chunks, Set<String> keep)
            throws SchemaStoreException {
        failIfAsked();
        for (StoredDocChunk d : chunks) docs(databaseId).put(StoredDocChunk.key(d.table(), d.kind(), d.index()), d);
        docs(databaseId).keySet().retainAll(keep);
    }

    /** The stored annotated and inferred edges of a database. */
    public Set<ForeignKeyEdge> relationships(String databaseId) {
        return relationships.computeIfAbsent(databaseId, id -> new HashSet<>());
    }

    @Override
    public List<Table> definitions(String databaseId, Set<String> schemas) throws SchemaStoreException {
        failIfAsked();
        return entities(databaseId).values().stream()
                .filter(e -> e.definitionJson() != null)
                .filter(e -> schemas == null || schemas.contains(e.key().table().schema()))
                .map(e -> TableDefinitions.fromJson(e.definitionJson()))
                .sorted(Comparator.comparing(Table::name))
                .toList();
    }

    @Override
    public List<Table> tableDefinitions(String databaseId, Set<TableName> tables) throws SchemaStoreException {
        return definitions(databaseId, null).stream()
                .filter(t -> tables.contains(t.name()))
                .toList();
    }

    @Override
    public List<ForeignKeyEdge> relationshipsFrom(String databaseId, Set<TableName> tables)
            throws SchemaStoreException {
        failIfAsked();
        return relationships(databaseId).stream()
                .filter(e -> tables.contains(e.from()))
                .toList();
    }

    @Override
    public Set<TableName> replaceRelationships(String databaseId, Set<String> schemas, Collection<ForeignKeyEdge> edges)
            throws SchemaStoreException {
        failIfAsked();
        relationshipReplacements++;
        Set<ForeignKeyEdge> stored = relationships(databaseId);
        Set<ForeignKeyEdge> current = new HashSet<>(edges);
        Set<TableName> changed = new LinkedHashSet<>();
        stored.removeIf(e -> {
            boolean gone = (schemas == null || schemas.contains(e.from().schema())) && !current.contains(e);
            if (gone) changed.add(e.from());
            return gone;
        });
        for (ForeignKeyEdge e : current) if (stored.add(e)) changed.add(e.from());
        return changed;
    }

    /** The recorded privileges of a database's tables. */
    public Map<TableName, TableAccess> access(String databaseId) {
        return access.computeIfAbsent(databaseId, id -> new HashMap<>());
    }

    /** The principal mapping recorded with them. */
    public final Map<String, Principals> principals = new HashMap<>();

    /** The dialect recorded with them. */
    public final Map<String, SqlDialect> dialects = new HashMap<>();

    @Override
    public Set<TableName> replaceAccess(
            String databaseId, Principals mapping, SqlDialect dialect, Map<TableName, TableAccess> current)
            throws SchemaStoreException {
        failIfAsked();
        Map<TableName, TableAccess> stored = access(databaseId);
        Set<TableName> tables = new HashSet<>(stored.keySet());
        tables.addAll(current.keySet());
        Set<TableName> changed = new LinkedHashSet<>();
        for (TableName table : tables) {
            TableAccess now = current.getOrDefault(table, TableAccess.NONE);
            if (now.equals(stored.getOrDefault(table, TableAccess.NONE))) continue;
            if (now.equals(TableAccess.NONE)) stored.remove(table);
            else stored.put(table, now);
            changed.add(table);
        }
        principals.put(databaseId, mapping);
        dialects.put(databaseId, dialect);
        return changed;
    }

    private void failIfAsked() throws SchemaStoreException {
        if (failWith != null && failures > 0) {
            failures--;
            throw new SchemaStoreException(failWith);
        }
    }
}
