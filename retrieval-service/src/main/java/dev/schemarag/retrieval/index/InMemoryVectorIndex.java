package dev.schemarag.retrieval.index;

import dev.schemarag.core.schema.TableName;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decorator: another {@link SchemaIndex} whose searches are answered by exact scans of the database's vectors held in
 * memory, so a search costs no round trip to the store. The vectors are those of the version {@link #version} last
 * reported, loaded from a {@link VectorSource} on the first search after it changed: in full the first time, then
 * only the changed tables' (see {@link CatalogSnapshots}), their names shared ({@link SharedStrings}); while the store
 * cannot be reached, searches go on over the vectors loaded last. Once {@link #follow}ed, a search takes the vectors
 * held and only {@link #prepare} updates them. Thread-safe.
 */
public final class InMemoryVectorIndex implements SchemaIndex {
    private static final Logger log = LoggerFactory.getLogger(InMemoryVectorIndex.class);

    private final SchemaIndex store;
    private final VectorSource source;
    private final CatalogLoads loads;
    private final ConcurrentMap<String, String> reported = new ConcurrentHashMap<>();
    private final CatalogSnapshots<Snapshot> snapshots = new CatalogSnapshots<>(Snapshot::version);
    private volatile boolean followed;

    /** @param store answers version checks and catalog loads; {@code source} must read the same store */
    public InMemoryVectorIndex(SchemaIndex store, VectorSource source) {
        this(store, source, CatalogLoads.NONE);
    }

    /** @param loads told of every full load and incremental update of a database's vectors */
    public InMemoryVectorIndex(SchemaIndex store, VectorSource source, CatalogLoads loads) {
        this.store = store;
        this.source = source;
        this.loads = loads;
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
    public Optional<CatalogChanges> changesSince(String databaseId, String version) {
        return store.changesSince(databaseId, version);
    }

    @Override
    public List<String> databases() {
        return store.databases();
    }

    @Override
    public void prepare(String databaseId) {
        refreshed(databaseId);
    }

    @Override
    public void follow() {
        followed = true;
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

    /** The vectors held when followed, otherwise {@link #refreshed}; loaded when none are held yet. */
    private Optional<Snapshot> snapshot(String databaseId) {
        if (followed) {
            Optional<Snapshot> held = snapshots.last(databaseId);
            if (held.isPresent()) return held;
        }
        return refreshed(databaseId);
    }

    /** The vectors of the version last reported, loaded now if they are not; empty when the database is not registered. */
    private Optional<Snapshot> refreshed(String databaseId) {
        String version = reported.get(databaseId);
        if (version == null) {
            Optional<String> current = version(databaseId);
            if (current.isEmpty()) return Optional.empty();
            version = current.get();
        }
        String wanted = version;
        return snapshots.get(databaseId, version, new CatalogSnapshots.Refresh<>() {
            @Override
            public Optional<Snapshot> load(String id) {
                return Optional.of(loadInFull(id, wanted));
            }

            @Override
            public Optional<Snapshot> apply(String id, Snapshot held) {
                return applyChanges(id, held);
            }
        });
    }

    private Snapshot loadInFull(String databaseId, String version) {
        long started = System.nanoTime();
        Snapshot snapshot = Snapshot.of(version, new SharedStrings().vectors(source.vectors(databaseId)));
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        loads.full(CatalogLoads.Part.VECTORS, took);
        log.info(
                "Loaded the vectors of database {} version {}: {} tables, {} columns, {} doc chunks in {} ms",
                databaseId,
                version,
                snapshot.tables().size(),
                snapshot.columns().size(),
                snapshot.docs().size(),
                took.toMillis());
        return snapshot;
    }

    private Optional<Snapshot> applyChanges(String databaseId, Snapshot held) {
        long started = System.nanoTime();
        return source.vectorChangesSince(databaseId, held.version()).map(changes -> {
            if (changes.changed().isEmpty() && changes.version().equals(held.version())) return held;
            Snapshot next = held.next(new SharedStrings().vectorChanges(changes));
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            loads.incremental(CatalogLoads.Part.VECTORS, changes.changed().size(), took);
            log.debug(
                    "Updated the vectors of database {} from version {} to {}: {} tables changed, in {} ms",
                    databaseId,
                    held.version(),
                    changes.version(),
                    changes.changed().size(),
                    took.toMillis());
            return next;
        });
    }

    /**
     * The scans searches run on, which hold the only copy of the vectors: the rows the store sent are garbage once
     * they are built.
     */
    private record Snapshot(
            String version,
            VectorScan<TableName> tables,
            VectorScan<DatabaseVectors.Column> columns,
            VectorScan<DocChunk> docs) {
        private static final Function<TableName, String> TABLE_SCHEMA = TableName::schema;
        private static final Function<DatabaseVectors.Column, String> COLUMN_SCHEMA =
                c -> c.table().schema();
        private static final Function<DocChunk, String> DOC_SCHEMA =
                d -> d.table().schema();

        static Snapshot of(String version, DatabaseVectors vectors) {
            return new Snapshot(
                    version,
                    VectorScan.of(vectors.tables(), TABLE_SCHEMA),
                    VectorScan.of(vectors.columns(), COLUMN_SCHEMA),
                    VectorScan.of(vectors.docs(), DOC_SCHEMA));
        }

        /** The snapshot of the changes' version, reusing this one's rows of the tables they leave alone. */
        Snapshot next(VectorChanges changes) {
            DatabaseVectors replacing = changes.vectors();
            Set<TableName> changed = changes.changed();
            return new Snapshot(
                    changes.version(),
                    tables.withChanges(replacing.tables(), changed, t -> t, DatabaseVectors.TABLE_ORDER, TABLE_SCHEMA),
                    columns.withChanges(
                            replacing.columns(),
                            changed,
                            DatabaseVectors.Column::table,
                            DatabaseVectors.COLUMN_ORDER,
                            COLUMN_SCHEMA),
                    docs.withChanges(
                            replacing.docs(), changed, DocChunk::table, DatabaseVectors.DOC_ORDER, DOC_SCHEMA));
        }
    }
}
