package dev.schemarag.ingest.sync;

import dev.schemarag.core.annotations.Annotations;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.TextHash;
import dev.schemarag.core.schema.SchemaCatalog;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.StoredDocChunk;
import dev.schemarag.ingest.docs.DocChunk;
import dev.schemarag.ingest.introspect.IntrospectionException;
import dev.schemarag.ingest.introspect.SchemaIntrospector;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Full sync of one registered database: introspect every configured schema, index tables and columns (hash-gated),
 * delete what is gone, record what its mapped roles may read, and replace its doc chunks. Idempotent: a second run with nothing changed embeds nothing.
 */
public final class SchemaSync {
    private static final Logger log = LoggerFactory.getLogger(SchemaSync.class);

    private final SchemaIndexer indexer;
    private final EmbeddingModel model;
    private final SchemaStore store;
    private final RelationshipSync relationships;
    private final AccessSync access;

    public SchemaSync(
            SchemaIndexer indexer,
            RelationshipSync relationships,
            AccessSync access,
            EmbeddingModel model,
            SchemaStore store) {
        this.indexer = indexer;
        this.relationships = relationships;
        this.access = access;
        this.model = model;
        this.store = store;
    }

    public SyncSummary sync(
            RegisteredDatabase db,
            SchemaIntrospector introspector,
            Annotations annotations,
            List<DocChunk> docs,
            SyncProgress progress)
            throws IntrospectionException, SchemaStoreException {
        long start = System.nanoTime();
        SchemaCatalog catalog = introspector.introspect(db.id(), db.schemas());
        SchemaIndexer.Outcome outcome = indexer.index(db.id(), catalog.tables(), null, annotations, progress);
        RelationshipSync.Outcome edges = relationships.refresh(db.id(), null);
        AccessSync.Outcome privileges = access.refresh(db, introspector);
        Set<TableName> known = new HashSet<>();
        catalog.tables().stream().map(Table::name).forEach(known::add);
        int chunks = syncDocs(
                db.id(), docs.stream().filter(d -> known.contains(d.table())).toList());
        double seconds = (System.nanoTime() - start) / 1e9;
        SyncSummary summary = new SyncSummary(
                catalog.tables().size(), outcome.embedded(), outcome.unchanged(), outcome.deleted(), chunks, seconds);
        log.info(
                "sync of {}: {} tables, {} embedded, {} unchanged, {} deleted, {} annotated or inferred join edges, access of {} table(s)"
                        + " changed, {} doc chunks in {} s",
                db.id(),
                summary.tables(),
                summary.embedded(),
                summary.unchanged(),
                summary.deleted(),
                edges.edges().size(),
                privileges.changed().size(),
                chunks,
                String.format(Locale.ROOT, "%.2f", seconds));
        return summary;
    }

    /** Embeds new or changed doc chunks only, and removes chunks whose doc or table is gone. */
    private int syncDocs(String databaseId, List<DocChunk> docs) throws SchemaStoreException {
        Map<String, String> stored = store.docHashes(databaseId);
        List<DocChunk> changed = new ArrayList<>();
        Set<String> keep = new HashSet<>();
        for (DocChunk d : docs) {
            String key = StoredDocChunk.key(d.table(), kind(d), d.index());
            keep.add(key);
            if (!TextHash.stamp(model.modelId(), TextHash.sha256(d.content())).equals(stored.get(key))) changed.add(d);
        }
        List<float[]> vectors =
                model.embedAll(changed.stream().map(DocChunk::content).toList());
        List<StoredDocChunk> rows = new ArrayList<>();
        for (int i = 0; i < changed.size(); i++) {
            DocChunk d = changed.get(i);
            rows.add(new StoredDocChunk(
                    d.table(),
                    d.column().orElse(null),
                    kind(d),
                    d.index(),
                    d.relatedTables().stream().map(TableName::toString).toList(),
                    d.keywords(),
                    d.tokenEstimate(),
                    d.content(),
                    TextHash.stamp(model.modelId(), TextHash.sha256(d.content())),
                    vectors.get(i)));
        }
        store.replaceDocChunks(databaseId, rows, keep);
        return docs.size();
    }

    private static String kind(DocChunk d) {
        return d.kind().name().toLowerCase(Locale.ROOT);
    }
}
