package dev.schemarag.ingest.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.events.ChangeKind;
import dev.schemarag.events.SchemaChanged;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class UpdaterMetersTest {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final Map<String, Long> storeVersions = new ConcurrentHashMap<>();
    private final UpdaterMeters meters = new UpdaterMeters(
            registry,
            db -> storeVersions.containsKey(db) ? OptionalLong.of(storeVersions.get(db)) : OptionalLong.empty());

    @Test
    void freshnessRunsFromTheCommitToTheEndOfTheRefresh() {
        meters.refreshed(change("erp", 1_000), 3_500);

        assertThat(registry.get(UpdaterMeters.FRESHNESS).timer().totalTime(TimeUnit.MILLISECONDS))
                .isEqualTo(2_500);
    }

    @Test
    void aCommitTimeAheadOfOurClockIsNotRecorded() {
        meters.refreshed(change("erp", 5_000), 4_000);

        assertThat(registry.get(UpdaterMeters.FRESHNESS).timer().count()).isZero();
    }

    @Test
    void theCatalogVersionFollowsTheStorePerDatabaseAndKeepsItsLastValueWhenTheStoreCannotSay() {
        storeVersions.put("erp", 7L);
        meters.refreshed(change("erp", 0), 1);
        storeVersions.put("erp", 9L);
        meters.refreshed(change("erp", 0), 1);
        storeVersions.put("crm", 3L);
        meters.refreshed(change("crm", 0), 1);
        storeVersions.remove("erp");
        meters.refreshed(change("erp", 0), 1);

        assertThat(version("erp")).isEqualTo(9);
        assertThat(version("crm")).isEqualTo(3);
    }

    @Test
    void aDatabaseWithoutAVersionHasNoGaugeYet() {
        meters.refreshed(change("new_db", 0), 1);

        assertThat(registry.find(UpdaterMeters.CATALOG_VERSION).gauges()).isEmpty();
    }

    private double version(String database) {
        return registry.get(UpdaterMeters.CATALOG_VERSION)
                .tag("database", database)
                .gauge()
                .value();
    }

    private static SchemaChanged change(String database, long commitMillis) {
        return SchemaChanged.newBuilder()
                .setDatabaseId(database)
                .setSchema$("sales")
                .setTable("orders")
                .setChangeKind(ChangeKind.ALTER_TABLE)
                .setCommandTag("ALTER TABLE")
                .setSourcePosition("0/16B3748")
                .setTimestamp(Instant.ofEpochMilli(commitMillis))
                .build();
    }
}
