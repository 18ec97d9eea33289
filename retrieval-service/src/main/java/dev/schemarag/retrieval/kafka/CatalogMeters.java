package dev.schemarag.retrieval.kafka;

import dev.schemarag.retrieval.index.CatalogLoads;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;

/**
 * How the in-memory catalogs were kept current, as meters: loads by {@code kind} ({@code full} or
 * {@code incremental}) and {@code part} ({@code tables}: rendered tables, BM25 and FK graph; {@code vectors}), the time
 * each took (buckets around the 40 ms retrieval target), and the tables each incremental update changed. Full loads
 * after the warm-up mean the change feed could not be used.
 */
public final class CatalogMeters implements CatalogLoads {
    static final String LOADS = "schemarag.retrieval.catalog.loads";
    static final String LOAD_LATENCY = "schemarag.retrieval.catalog.load.latency";
    static final String CHANGED_TABLES = "schemarag.retrieval.catalog.changed.tables";

    private static final Duration[] LATENCY_BUCKETS = {
        Duration.ofMillis(1),
        Duration.ofMillis(5),
        Duration.ofMillis(10),
        Duration.ofMillis(20),
        Duration.ofMillis(40),
        Duration.ofMillis(100),
        Duration.ofMillis(250),
        Duration.ofMillis(500),
        Duration.ofSeconds(1),
        Duration.ofSeconds(2),
        Duration.ofSeconds(5)
    };

    private final MeterRegistry registry;
    private final DistributionSummary changedTables;

    public CatalogMeters(MeterRegistry registry) {
        this.registry = registry;
        this.changedTables = DistributionSummary.builder(CHANGED_TABLES)
                .description("Tables changed per incremental catalog update")
                .baseUnit("tables")
                .serviceLevelObjectives(1, 2, 5, 10, 50, 100)
                .register(registry);
    }

    @Override
    public void full(Part part, Duration took) {
        record("full", part, took);
    }

    @Override
    public void incremental(Part part, int tables, Duration took) {
        record("incremental", part, took);
        if (part == Part.TABLES) changedTables.record(tables);
    }

    private void record(String kind, Part part, Duration took) {
        Counter.builder(LOADS)
                .description("In-memory catalog loads: full, or incremental (changed tables only)")
                .tag("kind", kind)
                .tag("part", part.wireName())
                .register(registry)
                .increment();
        Timer.builder(LOAD_LATENCY)
                .description("Time to load or update one database's in-memory catalog")
                .tag("kind", kind)
                .tag("part", part.wireName())
                .serviceLevelObjectives(LATENCY_BUCKETS)
                .register(registry)
                .record(took);
    }
}
