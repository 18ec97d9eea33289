package dev.schemarag.generation.kafka;

import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.ExampleInvalidated;
import dev.schemarag.events.ExampleState;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.generation.examples.ExampleStoreException;
import dev.schemarag.generation.staleness.ExampleRechecks;
import dev.schemarag.generation.staleness.ExampleStateChange;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;

/**
 * schema-changes → the examples reading the changed table planned again → {@code examples.invalidated} for each one
 * quarantined or restored. It follows the captured changes themselves, alongside ingest's re-embedding: whether an
 * example's SQL still plans depends on the database alone, which has committed the change when it is captured. A
 * renamed table re-checks under both names. A store failure throws, for the service's dead-letter handler.
 */
public final class ExampleRecheckTopology {
    private ExampleRecheckTopology() {}

    public static void build(StreamsBuilder builder, Topics topics, ExampleRechecks rechecks) {
        Topic<String, SchemaChanged> source = topics.schemaChanges();
        Topic<String, ExampleInvalidated> sink = topics.examplesInvalidated();
        builder.stream(source.name(), source.consumed())
                .filter((key, change) -> change != null)
                .flatMap((key, change) -> changedTables(change).stream()
                        .flatMap(table ->
                                afterChange(rechecks, change.getDatabaseId(), change.getSchema$(), table).stream())
                        .map(c -> KeyValue.pair(
                                c.example().databaseId() + "." + c.example().id(), event(c)))
                        .toList())
                .to(sink.name(), sink.produced());
    }

    /** The table, and for a rename its previous name too. */
    private static List<String> changedTables(SchemaChanged change) {
        String previous = change.getPreviousTable();
        return previous == null || previous.equals(change.getTable())
                ? List.of(change.getTable())
                : List.of(previous, change.getTable());
    }

    private static List<ExampleStateChange> afterChange(
            ExampleRechecks rechecks, String databaseId, String schema, String table) {
        try {
            return rechecks.afterChange(databaseId, schema, table);
        } catch (ExampleStoreException e) {
            throw new IllegalStateException(
                    "examples of database " + databaseId + " not re-checked after a change of " + schema + "." + table,
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
