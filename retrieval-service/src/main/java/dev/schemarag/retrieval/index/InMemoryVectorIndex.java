package dev.schemarag.retrieval.index;

import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decorator: another {@link SchemaIndex} whose searches are answered by exact scans of the database's vectors held in
 * memory, so a search costs no round trip to the store. The vectors are those of the version {@link #version} last
 * reported, loaded from a {@link VectorSource} on the first search after it changed; while the store cannot be
 * reached, searches go on over the vectors loaded last. Thread-safe.
 */
public final class InMemoryVectorIndex implements SchemaIndex {
    private static final Logger log = LoggerFactory.getLogger(InMemoryVectorIndex.class);

    private final SchemaIndex store;
    private final VectorSource source;
    private final ConcurrentMap<String, String> reported = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Snapshot> snapshots = new ConcurrentHashMap<>();

    /** @param store answers version checks and catalog loads; {@code source} must read the same store */
    public InMemoryVectorIndex(SchemaIndex store, VectorSource source) {
        this.store = store;
        this.source = source;
    }

    @Override
    public Optional<String> version(String databaseId) {
        Optional<String> version = store.version(databaseId);
        if (version.isPresent()) {
            reported.put(databaseId, version.get());
        } else {
            reported.remove(databaseId);
            snapshots.remove(databaseId);
        }
        return version;
    }

    @Override
    public Optional<IndexedDatabase> load(String databaseId) {
        return store.load(databaseId);
    }

    @Override
    public List<TableHit> searchTables(String databaseId, Set<String> schemas, float[] query, int topK) {
        return snapshot(databaseId)
                .map(s -> s.tables().top(query, schemas, topK, TableHit::new))
                .orElse(List.of());
    }

    @Override
    public List<ColumnHit> searchColumns(String databaseId, Set<String> schemas, float[] query, int topK) {
        return snapshot(databaseId)
                .map(s -> s.columns()
                        .top(
                                query,
                                schemas,
                                topK,
                                (c, similarity) -> new ColumnHit(c.table(), c.name(), c.generic(), similarity)))
                .orElse(List.of());
    }

    @Override
    public List<DocHit> searchDocs(String databaseId, Set<String> schemas, float[] query, int topK) {
        return snapshot(databaseId)
                .map(s -> s.docs().top(query, schemas, topK, DocHit::new))
                .orElse(List.of());
    }

    /** The vectors of the version last reported, loaded now if they are not; empty when the database is not registered. */
    private Optional<Snapshot> snapshot(String databaseId) {
        String version = reported.get(databaseId);
        if (version == null) {
            Optional<String> current = version(databaseId);
            if (current.isEmpty()) return Optional.empty();
            version = current.get();
        }
        Snapshot cached = snapshots.get(databaseId);
        if (cached != null && cached.version().equals(version)) return Optional.of(cached);
        String wanted = version;
        // compute() lets one thread load a version while others searching the same database wait for it.
        return Optional.of(snapshots.compute(
                databaseId, (id, old) -> old != null && old.version().equals(wanted) ? old : load(id, wanted)));
    }

    private Snapshot load(String databaseId, String version) {
        long started = System.nanoTime();
        DatabaseVectors vectors = source.vectors(databaseId);
        Snapshot snapshot = new Snapshot(
                version,
                VectorScan.of(vectors.tables(), TableName::schema),
                VectorScan.of(vectors.columns(), c -> c.table().schema()),
                VectorScan.of(vectors.docs(), d -> d.table().schema()));
        log.info(
                "Loaded the vectors of database {} version {}: {} tables, {} columns, {} doc chunks in {} ms",
                databaseId,
                version,
                snapshot.tables().size(),
                snapshot.columns().size(),
                snapshot.docs().size(),
                (System.nanoTime() - started) / 1_000_000);
        return snapshot;
    }

    private record Snapshot(
            String version,
            VectorScan<TableName> tables,
            VectorScan<DatabaseVectors.Column> columns,
            VectorScan<DocChunk> docs) {}
}
