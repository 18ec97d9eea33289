package dev.schemarag.retrieval;

import dev.schemarag.retrieval.index.CatalogLoads;
import dev.schemarag.retrieval.index.CatalogSnapshots;
import dev.schemarag.retrieval.index.SchemaIndex;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prepared catalogs by database id, brought up to date when the store reports a new version: loaded in full the
 * first time, then by applying the changed tables only. Until {@link #follow}, each read checks the version and
 * applies a change first; once followed, a read takes the catalog held and only {@link #refresh} applies changes.
 */
final class PreparedDatabases {
    private static final Logger log = LoggerFactory.getLogger(PreparedDatabases.class);

    private final SchemaIndex index;
    private final String modelId;
    private final CatalogLoads loads;
    private volatile boolean followed;
    private final CatalogSnapshots<PreparedDatabase> snapshots = new CatalogSnapshots<>(PreparedDatabase::version);
    private final CatalogSnapshots.Refresh<PreparedDatabase> refresh = new CatalogSnapshots.Refresh<>() {
        @Override
        public Optional<PreparedDatabase> load(String databaseId) {
            return loadInFull(databaseId);
        }

        @Override
        public Optional<PreparedDatabase> apply(String databaseId, PreparedDatabase held) {
            return applyChanges(databaseId, held);
        }
    };

    /**
     * @param modelId the model that embeds questions, see {@link PreparedDatabase#vectorsOfOtherModels()}
     * @param loads told of every full load and incremental update
     */
    PreparedDatabases(SchemaIndex index, String modelId, CatalogLoads loads) {
        this.index = index;
        this.modelId = modelId;
        this.loads = loads;
    }

    /**
     * From now on a read takes the catalog held as it is, without asking the store: a follower calls {@link #refresh}
     * on a thread of its own, so that no question waits for a change to be applied.
     */
    void follow() {
        followed = true;
    }

    /**
     * The database's catalog: the one held when followed, otherwise {@link #refresh}ed first; loaded when none is
     * held yet.
     */
    Optional<PreparedDatabase> get(String databaseId) {
        if (followed) {
            Optional<PreparedDatabase> held = snapshots.last(databaseId);
            if (held.isPresent()) return held;
        }
        return refresh(databaseId);
    }

    /**
     * The current catalog of the database; empty when it is not registered. When the store cannot even say its
     * version, the catalog prepared last is served, so a store outage degrades retrieval instead of failing it.
     */
    Optional<PreparedDatabase> refresh(String databaseId) {
        Optional<String> version;
        try {
            version = index.version(databaseId);
        } catch (RuntimeException e) {
            PreparedDatabase last = snapshots.last(databaseId).orElseThrow(() -> e);
            log.warn(
                    "Could not check the catalog version of database {}, using version {}: {}",
                    databaseId,
                    last.version(),
                    e.toString());
            return Optional.of(last);
        }
        if (version.isEmpty()) {
            snapshots.remove(databaseId);
            return Optional.empty();
        }
        return snapshots.get(databaseId, version.get(), refresh);
    }

    /** The databases a catalog is held for. */
    Set<String> held() {
        return snapshots.held();
    }

    private Optional<PreparedDatabase> loadInFull(String databaseId) {
        long started = System.nanoTime();
        return index.load(databaseId).map(database -> {
            PreparedDatabase prepared = PreparedDatabase.prepare(database, modelId);
            prepared.prepareRoles();
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            loads.full(CatalogLoads.Part.TABLES, took);
            log.info(
                    "Prepared catalog of database {} version {}: {} tables, {} doc chunks in {} ms",
                    databaseId,
                    database.version(),
                    database.tables().size(),
                    database.docs().size(),
                    took.toMillis());
            warnOfOtherModels(databaseId, prepared);
            return prepared;
        });
    }

    private Optional<PreparedDatabase> applyChanges(String databaseId, PreparedDatabase held) {
        long started = System.nanoTime();
        return index.changesSince(databaseId, held.version()).map(changes -> {
            long read = System.nanoTime();
            PreparedDatabase next = held.withChanges(changes);
            if (next == held) return held;
            next.prepareRoles();
            long applied = System.nanoTime();
            Duration took = Duration.ofNanos(applied - started);
            loads.incremental(CatalogLoads.Part.TABLES, changes.changed().size(), took);
            // Read and applied apart: the store's part waits on the database, the application is this process's CPU.
            log.info(
                    "Updated catalog of database {} from version {} to {}: {} tables changed, in {} ms (read {} ms,"
                            + " applied {} ms)",
                    databaseId,
                    held.version(),
                    next.version(),
                    changes.changed().size(),
                    took.toMillis(),
                    (read - started) / 1_000_000,
                    (applied - read) / 1_000_000);
            if (held.vectorsOfOtherModels() == 0) warnOfOtherModels(databaseId, next);
            return next;
        });
    }

    private void warnOfOtherModels(String databaseId, PreparedDatabase prepared) {
        if (prepared.vectorsOfOtherModels() > 0)
            log.warn(
                    "Database {}: {} table and column vectors were embedded by another model than {}; questions get"
                            + " the full schema until a sync re-embeds them (schemarag sync --db {})",
                    databaseId,
                    prepared.vectorsOfOtherModels(),
                    modelId,
                    databaseId);
    }
}
