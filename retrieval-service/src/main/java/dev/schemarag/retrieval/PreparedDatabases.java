package dev.schemarag.retrieval;

import dev.schemarag.retrieval.index.SchemaIndex;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Prepared catalogs by database id, rebuilt when the store reports a new version. */
final class PreparedDatabases {
    private static final Logger log = LoggerFactory.getLogger(PreparedDatabases.class);

    private final SchemaIndex index;
    private final String modelId;
    private final ConcurrentMap<String, PreparedDatabase> byId = new ConcurrentHashMap<>();

    /** @param modelId the model that embeds questions, see {@link PreparedDatabase#vectorsOfOtherModels()} */
    PreparedDatabases(SchemaIndex index, String modelId) {
        this.index = index;
        this.modelId = modelId;
    }

    /**
     * The current catalog of the database; empty when it is not registered. When the store cannot even say its
     * version, the catalog prepared last is served, so a store outage degrades retrieval instead of failing it.
     */
    Optional<PreparedDatabase> get(String databaseId) {
        Optional<String> version;
        try {
            version = index.version(databaseId);
        } catch (RuntimeException e) {
            PreparedDatabase last = byId.get(databaseId);
            if (last == null) throw e;
            log.warn(
                    "Could not check the catalog version of database {}, using version {}: {}",
                    databaseId,
                    last.version(),
                    e.toString());
            return Optional.of(last);
        }
        if (version.isEmpty()) {
            byId.remove(databaseId);
            return Optional.empty();
        }
        PreparedDatabase cached = byId.get(databaseId);
        if (cached != null && cached.version().equals(version.get())) return Optional.of(cached);
        // compute() lets one thread build a version while others asking for the same database wait for it.
        return Optional.ofNullable(byId.compute(
                databaseId, (id, old) -> old != null && old.version().equals(version.get()) ? old : load(id)));
    }

    private PreparedDatabase load(String databaseId) {
        long started = System.nanoTime();
        return index.load(databaseId)
                .map(database -> {
                    PreparedDatabase prepared = PreparedDatabase.prepare(database, modelId);
                    log.info(
                            "Prepared catalog of database {} version {}: {} tables, {} doc chunks in {} ms",
                            databaseId,
                            database.version(),
                            database.tables().size(),
                            database.docs().size(),
                            (System.nanoTime() - started) / 1_000_000);
                    if (prepared.vectorsOfOtherModels() > 0)
                        log.warn(
                                "Database {}: {} table and column vectors were embedded by another model than {}; questions get"
                                        + " the full schema until a sync re-embeds them (schemarag sync --db {})",
                                databaseId,
                                prepared.vectorsOfOtherModels(),
                                modelId,
                                databaseId);
                    return prepared;
                })
                .orElse(null);
    }
}
