package dev.schemarag.generation.kafka;

import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.ExampleInvalidated;
import dev.schemarag.events.ExampleState;
import dev.schemarag.events.SchemaCatalogEntry;
import dev.schemarag.generation.examples.ExampleStoreException;
import dev.schemarag.generation.staleness.CatalogKey;
import dev.schemarag.generation.staleness.ExampleRechecks;
import dev.schemarag.generation.staleness.ExampleStateChange;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;

/**
 * schema.catalog → the examples reading the changed table planned again → {@code examples.invalidated} for each one
 * quarantined or restored. A catalog record is written once ingest has applied the change to the store, so a record
 * here means the schema change is in the index; a tombstone (a dropped or renamed table) re-checks too. A store failure
 * throws, for the service's dead-letter handler.
 */
public final class ExampleRecheckTopology {
    private ExampleRecheckTopology() {}

    /** @param databaseIds the registered databases' ids, to read a tombstone's key */
    public static void build(
            StreamsBuilder builder, Topics topics, ExampleRechecks rechecks, Supplier<Collection<String>> databaseIds) {
        Topic<String, SchemaCatalogEntry> source = topics.schemaCatalog();
        Topic<String, ExampleInvalidated> sink = topics.examplesInvalidated();
        builder.stream(source.name(), source.consumed())
                .flatMap((key, entry) -> table(key, entry, databaseIds).stream()
                        .flatMap(t -> afterChange(rechecks, t).stream())
                        .map(change -> KeyValue.pair(
                                change.example().databaseId() + "."
                                        + change.example().id(),
                                event(change)))
                        .toList())
                .to(sink.name(), sink.produced());
    }

    private static Optional<CatalogKey> table(
            String key, SchemaCatalogEntry entry, Supplier<Collection<String>> databaseIds) {
        return entry == null
                ? CatalogKey.parse(key, databaseIds.get())
                : Optional.of(new CatalogKey(entry.getDatabaseId(), entry.getSchema$(), entry.getTable()));
    }

    private static List<ExampleStateChange> afterChange(ExampleRechecks rechecks, CatalogKey table) {
        try {
            return rechecks.afterChange(table.databaseId(), table.schema(), table.table());
        } catch (ExampleStoreException e) {
            throw new IllegalStateException(
                    "examples of database " + table.databaseId() + " not re-checked after a change of " + table.schema()
                            + "." + table.table(),
                    e);
        }
    }

    static ExampleInvalidated event(ExampleStateChange change) {
        boolean quarantined = change.state() == ExampleStateChange.State.QUARANTINED;
        return ExampleInvalidated.newBuilder()
                .setDatabaseId(change.example().databaseId())
                .setExampleId(change.example().id())
                .setSource(change.example().source())
                .setQuestion(change.example().question())
                .setState(quarantined ? ExampleState.QUARANTINED : ExampleState.RESTORED)
                .setReason(quarantined ? change.cause().reason() : null)
                .setSqlstate(quarantined ? change.cause().sqlState() : null)
                .setTables(change.example().reads().tables())
                .setColumns(change.example().reads().columns())
                .setChangedTable(change.changedTable())
                .setCatalogVersion(change.catalogVersion())
                .setTimestamp(Instant.now())
                .build();
    }
}
