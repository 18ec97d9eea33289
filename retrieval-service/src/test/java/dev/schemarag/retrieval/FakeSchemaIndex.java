package dev.schemarag.retrieval;

import dev.schemarag.core.config.Principals;
import dev.schemarag.core.embedding.TextHash;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.relationships.JoinEdges;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.index.IndexedColumn;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import dev.schemarag.retrieval.index.SchemaIndex;
import dev.schemarag.retrieval.index.TableHit;
import dev.schemarag.testkit.FakeEmbeddingModel;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * An in-memory {@link SchemaIndex} for one database whose searches return scripted hits (filtered by schema and cut
 * at topK, as the store would), and which can be told to fail.
 */
public final class FakeSchemaIndex implements SchemaIndex {
    private final String databaseId;
    private IndexedDatabase database;
    private int loads;
    private final AtomicInteger listings = new AtomicInteger();
    public List<TableHit> tableHits = new ArrayList<>();
    public List<ColumnHit> columnHits = new ArrayList<>();
    public List<DocHit> docHits = new ArrayList<>();
    public RuntimeException searchFailure;
    public RuntimeException loadFailure;

    public FakeSchemaIndex(String databaseId, Collection<Table> tables) {
        this.databaseId = databaseId;
        replaceCatalog("v1", tables, List.of());
    }

    /**
     * Stores a new catalog version; texts are the table and column names with comments, stamped as embedded by
     * {@link FakeEmbeddingModel}, as ingest would write them.
     */
    public void replaceCatalog(String version, Collection<Table> tables, List<DocChunk> docs) {
        replaceCatalog(version, tables, docs, FakeEmbeddingModel.ID);
    }

    /** {@link #replaceCatalog(String, Collection, List)} with vectors stamped as embedded by another model. */
    public void replaceCatalog(String version, Collection<Table> tables, List<DocChunk> docs, String embeddedBy) {
        // The annotated and inferred edges ingest would store beside each table.
        Map<TableName, List<ForeignKeyEdge>> edges = new HashMap<>();
        JoinEdges.of(tables).forEach(e -> edges.computeIfAbsent(e.from(), t -> new ArrayList<>())
                .add(e));
        List<IndexedTable> indexed = tables.stream()
                .map(t -> {
                    String text = t.name().table() + (t.hasComment() ? ": " + t.comment() : "");
                    return new IndexedTable(
                            t,
                            null,
                            false,
                            text,
                            stamp(embeddedBy, text),
                            t.columns().stream()
                                    .map(c -> indexed(c, embeddedBy))
                                    .toList(),
                            edges.getOrDefault(t.name(), List.of()));
                })
                .toList();
        database = new IndexedDatabase(databaseId, version, indexed, docs);
    }

    /** Records privileges as ingest would: each table's access, and the principal mapping, in a new version. */
    public void grant(String version, Principals principals, Map<TableName, TableAccess> access) {
        database = new IndexedDatabase(
                databaseId,
                version,
                database.tables().stream()
                        .map(t -> new IndexedTable(
                                t.definition(),
                                t.module(),
                                t.generic(),
                                t.text(),
                                t.stamp(),
                                t.columns(),
                                t.relationships(),
                                access.getOrDefault(t.definition().name(), TableAccess.NONE)))
                        .toList(),
                database.docs(),
                principals);
    }

    public int loads() {
        return loads;
    }

    /** How often the registered databases were asked for, failed calls included. */
    public int listings() {
        return listings.get();
    }

    private static IndexedColumn indexed(Column c, String embeddedBy) {
        String text = c.name() + (c.hasComment() ? ": " + c.comment() : "");
        return new IndexedColumn(c.name(), false, text, stamp(embeddedBy, text));
    }

    private static String stamp(String modelId, String text) {
        return TextHash.stamp(modelId, TextHash.sha256(text));
    }

    @Override
    public Optional<String> version(String id) {
        if (loadFailure != null) throw loadFailure;
        return id.equals(databaseId) ? Optional.of(database.version()) : Optional.empty();
    }

    @Override
    public Optional<IndexedDatabase> load(String id) {
        if (loadFailure != null) throw loadFailure;
        loads++;
        return id.equals(databaseId) ? Optional.of(database) : Optional.empty();
    }

    @Override
    public List<String> databases() {
        listings.incrementAndGet();
        if (loadFailure != null) throw loadFailure;
        return List.of(databaseId);
    }

    @Override
    public List<TableHit> searchTables(String id, Set<String> schemas, float[] query, int topK) {
        return search(tableHits, TableHit::table, schemas, topK);
    }

    @Override
    public List<ColumnHit> searchColumns(String id, Set<String> schemas, float[] query, int topK) {
        return search(columnHits, ColumnHit::table, schemas, topK);
    }

    @Override
    public List<DocHit> searchDocs(String id, Set<String> schemas, float[] query, int topK) {
        return search(docHits, h -> h.chunk().table(), schemas, topK);
    }

    private <T> List<T> search(List<T> hits, Function<T, TableName> table, Set<String> schemas, int topK) {
        if (searchFailure != null) throw searchFailure;
        return hits.stream()
                .filter(h ->
                        schemas.isEmpty() || schemas.contains(table.apply(h).schema()))
                .limit(topK)
                .toList();
    }
}
