package dev.schemarag.ingest.kafka;

import dev.schemarag.events.SchemaChanged;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The embedding updater as meters. {@code schemarag.cdc.freshness}: from a DDL change's commit in the target database
 * to the end of its refresh in pgvector (or to finding that a refresh which began after it already applied it, counted by {@code
 * schemarag.cdc.changes.coalesced}). {@code schemarag.catalog.version}: each database's catalog version in the
 * store, read after every change the updater applies, so a scrape never waits for the store.
 */
public final class UpdaterMeters {
    static final String FRESHNESS = "schemarag.cdc.freshness";
    static final String CATALOG_VERSION = "schemarag.catalog.version";
    public static final String COALESCED = "schemarag.cdc.changes.coalesced";

    private static final Duration[] FRESHNESS_BUCKETS = {
        Duration.ofMillis(250),
        Duration.ofMillis(500),
        Duration.ofSeconds(1),
        Duration.ofSeconds(2),
        Duration.ofSeconds(5),
        Duration.ofSeconds(10),
        Duration.ofSeconds(30),
        Duration.ofMinutes(1),
        Duration.ofMinutes(5)
    };

    private final MeterRegistry registry;
    private final Function<String, OptionalLong> catalogVersion;
    private final Timer freshness;
    private final Counter coalesced;
    private final Map<String, AtomicLong> versions = new ConcurrentHashMap<>();

    /** @param catalogVersion reads a database's catalog version from the store; empty when it has none yet */
    public UpdaterMeters(MeterRegistry registry, Function<String, OptionalLong> catalogVersion) {
        this.registry = registry;
        this.catalogVersion = catalogVersion;
        this.freshness = Timer.builder(FRESHNESS)
                .description("From a DDL change's commit to the end of its refresh in pgvector")
                .serviceLevelObjectives(FRESHNESS_BUCKETS)
                .register(registry);
        this.coalesced = Counter.builder(COALESCED)
                .description("Captured changes not applied again: a refresh of their table that began after them had")
                .register(registry);
    }

    /** A refresh that began after {@code change} already applied it; the catalog version is as that refresh left it. */
    void coalesced(SchemaChanged change, long nowMillis) {
        coalesced.increment();
        recordFreshness(change, nowMillis);
    }

    /** {@code change} is applied; {@code nowMillis} is the wall clock now. */
    void refreshed(SchemaChanged change, long nowMillis) {
        recordFreshness(change, nowMillis);
        catalogVersion.apply(change.getDatabaseId()).ifPresent(v -> version(change.getDatabaseId())
                .set(v));
    }

    private void recordFreshness(SchemaChanged change, long nowMillis) {
        long lag = nowMillis - change.getTimestamp().toEpochMilli();
        // A clock behind the database's would make it negative: no figure beats a wrong one.
        if (lag >= 0) freshness.record(Duration.ofMillis(lag));
    }

    private AtomicLong version(String databaseId) {
        return versions.computeIfAbsent(databaseId, id -> {
            AtomicLong value = new AtomicLong();
            Gauge.builder(CATALOG_VERSION, value, AtomicLong::get)
                    .description("Catalog version of a database in the store, bumped by every change to its rows")
                    .tag("database", id)
                    .register(registry);
            return value;
        });
    }
}
