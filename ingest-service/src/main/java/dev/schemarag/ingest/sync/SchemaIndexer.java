package dev.schemarag.ingest.sync;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.TextHash;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.EntityKey;
import dev.schemarag.core.store.StoredEntity;
import dev.schemarag.core.store.TableDefinition;
import dev.schemarag.core.store.TableDefinitions;
import dev.schemarag.ingest.text.ColumnText;
import dev.schemarag.ingest.text.EmbeddingTexts;
import dev.schemarag.ingest.text.EntityTexts;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Brings the stored table and column entities of some tables in line with their current definitions. A content hash
 * of each text gates embedding: an unchanged entity is never embedded twice, so a re-sync or a replayed change costs
 * only the hash comparison.
 */
public final class SchemaIndexer {
    private static final int BATCH = 64;

    private final EmbeddingModel model;
    private final SchemaStore store;
    private final EmbeddingTexts texts;

    public SchemaIndexer(EmbeddingModel model, SchemaStore store, EmbeddingTexts texts) {
        this.model = model;
        this.store = store;
        this.texts = texts;
    }

    /** The outcome for the given tables: counts, plus which stored tables were removed. */
    public record Outcome(int embedded, int unchanged, int deleted, Set<TableName> removedTables) {}

    /**
     * Indexes {@code tables} and deletes whatever is stored within {@code scope} but no longer exists.
     * {@code scope} null means the whole database (a full sync); otherwise the tables named in it (a refresh).
     */
    public Outcome index(
            String databaseId,
            Collection<Table> tables,
            Set<TableName> scope,
            Annotations annotations,
            SyncProgress progress)
            throws SchemaStoreException {
        Map<EntityKey, String> stored = new HashMap<>();
        if (scope == null) stored.putAll(store.hashes(databaseId, null));
        else for (TableName t : scope) stored.putAll(store.hashes(databaseId, t));

        List<Pending> pending = new ArrayList<>();
        Set<EntityKey> current = new HashSet<>();
        int unchanged = 0;
        // A table whose embedded text did not change may still have a new default or constraint name.
        Map<TableName, TableDefinition> unchangedDefinitions = new HashMap<>();
        for (Table table : tables) {
            EntityTexts t = texts.of(table, annotations);
            String module = annotations.module(table.name()).orElse(null);
            String definition = TableDefinitions.toJson(annotations.annotated(table));
            EntityKey tableKey = EntityKey.table(table.name());
            current.add(tableKey);
            String tableHash = TextHash.stamp(model.modelId(), t.tableHash());
            if (tableHash.equals(stored.get(tableKey))) {
                unchanged++;
                unchangedDefinitions.put(table.name(), new TableDefinition(t.compact(), definition));
            } else {
                pending.add(new Pending(
                        tableKey,
                        module,
                        false,
                        t.tableText(),
                        t.tableEmbedText(),
                        tableHash,
                        t.compact(),
                        definition));
            }
            for (ColumnText c : t.columns()) {
                EntityKey key = EntityKey.column(table.name(), c.column());
                current.add(key);
                String hash = TextHash.stamp(model.modelId(), c.hash());
                if (hash.equals(stored.get(key))) unchanged++;
                else pending.add(new Pending(key, module, c.generic(), c.text(), c.embedText(), hash, null, null));
            }
        }
        embedAndStore(databaseId, pending, progress);
        store.updateTableDefinitions(databaseId, unchangedDefinitions);

        List<EntityKey> gone =
                stored.keySet().stream().filter(k -> !current.contains(k)).toList();
        Set<TableName> removedTables = new HashSet<>();
        gone.stream().filter(k -> k.column().isEmpty()).forEach(k -> removedTables.add(k.table()));
        int deleted = store.delete(databaseId, gone);
        return new Outcome(pending.size(), unchanged, deleted, removedTables);
    }

    /**
     * Embeds each distinct embedding text once, however many entities share it (the members of a table family, see
     * {@code DateSuffix}), and stores every entity with its text's vector.
     */
    private void embedAndStore(String databaseId, List<Pending> pending, SyncProgress progress)
            throws SchemaStoreException {
        Map<String, List<Pending>> byText = new LinkedHashMap<>();
        for (Pending p : pending)
            byText.computeIfAbsent(p.embedText, t -> new ArrayList<>()).add(p);
        List<String> distinct = List.copyOf(byText.keySet());
        int done = 0;
        for (int from = 0; from < distinct.size(); from += BATCH) {
            List<String> batch = distinct.subList(from, Math.min(distinct.size(), from + BATCH));
            List<float[]> vectors = model.embedAll(batch);
            List<StoredEntity> rows = new ArrayList<>();
            for (int i = 0; i < batch.size(); i++)
                for (Pending p : byText.get(batch.get(i)))
                    rows.add(new StoredEntity(
                            p.key, p.module, p.generic, p.text, p.hash, p.compact, p.definition, vectors.get(i)));
            store.upsert(databaseId, rows);
            done += rows.size();
            progress.embedded(done, pending.size());
        }
    }

    private record Pending(
            EntityKey key,
            String module,
            boolean generic,
            String text,
            String embedText,
            String hash,
            String compact,
            String definition) {}
}
