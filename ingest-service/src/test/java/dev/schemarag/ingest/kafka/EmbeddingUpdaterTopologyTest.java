package dev.schemarag.ingest.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsProperties;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.metrics.DeadLetterMeters;
import dev.schemarag.events.ChangeKind;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.SchemaCatalogEntry;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.ingest.updater.CatalogUpdate;
import dev.schemarag.ingest.updater.RefreshResult;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.function.Function;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedding updater's routing in a TopologyTestDriver with the production streams settings (at-least-once, see
 * RetrievalTopologyTest) and Avro serdes over an in-memory schema registry. The refresh (TableRefresher in production,
 * which needs PostgreSQL and pgvector) answers per table; IngestLiveSyncIT runs the real one.
 */
class EmbeddingUpdaterTopologyTest {
    private static final SchemaCatalogEntry ORDERS = entry("orders");
    private static final SchemaCatalogEntry CUSTOMERS = entry("customers");
    /** What refreshing each changed table yields. */
    private static final Map<String, RefreshResult> RESULTS = Map.of(
            "orders",
                    RefreshResult.ok(List.of(
                            new CatalogUpdate("erp.sales.orders", ORDERS),
                            new CatalogUpdate("erp.sales.customers", CUSTOMERS))),
            "old_orders", RefreshResult.ok(List.of(new CatalogUpdate("erp.sales.old_orders", null))),
            "unreachable", new RefreshResult.Failed(ErrorClass.INFRA_FAILURE, "connection refused"));

    private static final long CATALOG_VERSION = 42;
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    /** The tables refreshed, in order. */
    private final List<String> refreshed = new ArrayList<>();
    /** The newest offset the capture of this process has published, as ChangePublisher reports it. */
    private long published = -1;

    private TopologyTestDriver driver;
    private Topics topics;
    private TestInputTopic<String, SchemaChanged> changes;
    private TestOutputTopic<String, SchemaCatalogEntry> catalog;
    private TestOutputTopic<String, FailureRecord> deadLetters;

    @BeforeEach
    void build(@TempDir Path stateDir) {
        topics = new Topics("ingest-updater-test.", new InMemorySchemaRegistry());
        Function<SchemaChanged, RefreshResult> refresh = change -> {
            if (change.getTable().equals("bottomless")) throw new IllegalStateException("introspection bug");
            refreshed.add(change.getTable());
            return RESULTS.getOrDefault(change.getTable(), RefreshResult.ok(List.of()));
        };
        StreamsBuilder builder = new StreamsBuilder();
        EmbeddingUpdaterTopology.build(
                builder, topics, refresh, partition -> published, meters, db -> OptionalLong.of(CATALOG_VERSION));
        Topic<String, FailureRecord> dlq = topics.deadLetter(DeadLetterTopic.INGEST);
        // As IngestService configures it.
        Properties props = StreamsProperties.of(
                "ingest-updater-test",
                "127.0.0.1:9",
                KafkaClientSecurity.none(),
                dlq,
                "ingest",
                stateDir,
                StreamsSettings.DEFAULTS,
                Duration.ofSeconds(10));
        props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.AT_LEAST_ONCE);
        driver = new TopologyTestDriver(builder.build(), props);
        Topic<String, SchemaChanged> source = topics.schemaChanges();
        changes = driver.createInputTopic(
                source.name(),
                source.keySerde().serializer(),
                source.valueSerde().serializer());
        Topic<String, SchemaCatalogEntry> out = topics.schemaCatalog();
        catalog = driver.createOutputTopic(
                out.name(), out.keySerde().deserializer(), out.valueSerde().deserializer());
        deadLetters = driver.createOutputTopic(
                dlq.name(), dlq.keySerde().deserializer(), dlq.valueSerde().deserializer());
    }

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void eachRefreshedTableBecomesACatalogEntryUnderItsKey() {
        changes.pipeInput("erp.sales.orders", change("orders"));

        assertThat(catalog.readKeyValuesToMap())
                .containsOnly(Map.entry("erp.sales.orders", ORDERS), Map.entry("erp.sales.customers", CUSTOMERS));
        assertThat(deadLetters.isEmpty()).isTrue();
        assertThat(meters.get(UpdaterMeters.FRESHNESS).timer().count()).isEqualTo(1);
        assertThat(meters.get(UpdaterMeters.CATALOG_VERSION)
                        .tag("database", "erp")
                        .gauge()
                        .value())
                .isEqualTo(CATALOG_VERSION);
    }

    @Test
    void changesPublishedBeforeARefreshOfTheirTableBeganAreNotAppliedAgain() {
        published = 2; // the capture has published offsets 0 to 2 when the first refresh begins
        changes.pipeInput("erp.sales.orders", change("orders"));
        changes.pipeInput("erp.sales.orders", change("orders"));
        changes.pipeInput("erp.sales.old_orders", change("old_orders")); // another table: its own refresh
        published = 4;
        changes.pipeInput("erp.sales.orders", change("orders")); // offset 3, published after that refresh began

        assertThat(refreshed).containsExactly("orders", "old_orders", "orders");
        assertThat(catalog.readKeyValuesToList())
                .hasSize(5); // two refreshes of orders (two entries each), one tombstone
        assertThat(deadLetters.isEmpty()).isTrue();
        assertThat(meters.get(UpdaterMeters.COALESCED).counter().count()).isEqualTo(1);
        assertThat(meters.get(UpdaterMeters.FRESHNESS).timer().count()).isEqualTo(4); // every change is accounted for
    }

    @Test
    void aFailedRefreshCoversNothing() {
        published = 5;
        changes.pipeInput("erp.sales.unreachable", change("unreachable"));
        changes.pipeInput("erp.sales.unreachable", change("unreachable"));

        assertThat(refreshed).containsExactly("unreachable", "unreachable");
        assertThat(deadLetters.readValuesToList()).hasSize(2);
    }

    @Test
    void renamesAndPrivilegeChangesAreAlwaysApplied() {
        published = 5;
        changes.pipeInput("erp.sales.orders", change("orders"));
        SchemaChanged rename = change("orders", ChangeKind.RENAME_TABLE, "ALTER TABLE", "sales.old_orders");
        changes.pipeInput("erp.sales.orders", rename); // its refresh also reads the old name
        SchemaChanged grant = change("orders", ChangeKind.OTHER, "GRANT", null);
        changes.pipeInput("erp.sales.orders", grant); // its refresh reads the whole database's access

        assertThat(refreshed).containsExactly("orders", "orders", "orders");
    }

    @Test
    void aTableThatIsGoneBecomesATombstone() {
        changes.pipeInput("erp.sales.old_orders", change("old_orders"));

        TestRecord<String, SchemaCatalogEntry> tombstone = catalog.readRecord();
        assertThat(tombstone.key()).isEqualTo("erp.sales.old_orders");
        assertThat(tombstone.value()).isNull();
        assertThat(catalog.isEmpty()).isTrue();
    }

    @Test
    void aChangeOutsideTheIndexedSchemasWritesNothing() {
        changes.pipeInput("erp.audit.log", change("log"));

        assertThat(catalog.isEmpty()).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void aFailedRefreshIsDeadLetteredAndTheNextChangeIsStillApplied() {
        changes.pipeInput("erp.sales.unreachable", change("unreachable"));
        changes.pipeInput("erp.sales.orders", change("orders"));

        FailureRecord failure = deadLetters.readValue();
        assertThat(failure.getStage()).isEqualTo("ingest");
        assertThat(failure.getErrorClass()).isEqualTo("infra_failure");
        assertThat(failure.getMessage()).isEqualTo("connection refused");
        // What dlq replay ingest sends back: the change's own key and bytes, to the topic it came from.
        assertThat(failure.getOriginalTopic()).isEqualTo(topics.schemaChanges().name());
        assertThat(failure.getOriginalPartition()).isZero();
        assertThat(failure.getOriginalOffset()).isZero();
        assertThat(StandardCharsets.UTF_8.decode(failure.getOriginalKey()).toString())
                .isEqualTo("erp.sales.unreachable");
        byte[] original = new byte[failure.getOriginalValue().remaining()];
        failure.getOriginalValue().get(original);
        assertThat(topics.schemaChanges().valueSerde().deserializer().deserialize(failure.getOriginalTopic(), original))
                .isEqualTo(change("unreachable"));
        assertThat(deadLetters.isEmpty()).isTrue();
        assertThat(catalog.readKeyValuesToList()).hasSize(2);
        assertThat(meters.get(DeadLetterMeters.NAME)
                        .tag("topic", topics.deadLetter(DeadLetterTopic.INGEST).name())
                        .counter()
                        .count())
                .isEqualTo(1);
        assertThat(meters.get(UpdaterMeters.FRESHNESS).timer().count()).isEqualTo(1); // the applied change only
    }

    @Test
    void aRefreshThatThrowsIsDeadLetteredByTheHandlerWithTheOriginalChange() {
        changes.pipeInput("erp.sales.bottomless", change("bottomless"));
        changes.pipeInput("erp.sales.orders", change("orders"));

        FailureRecord failure = deadLetters.readValue();
        assertThat(failure.getStage()).isEqualTo("ingest");
        assertThat(failure.getErrorClass()).isEqualTo("processing_error");
        assertThat(failure.getOriginalTopic()).isEqualTo(topics.schemaChanges().name());
        byte[] original = new byte[failure.getOriginalValue().remaining()];
        failure.getOriginalValue().get(original);
        assertThat(topics.schemaChanges().valueSerde().deserializer().deserialize(failure.getOriginalTopic(), original))
                .isEqualTo(change("bottomless"));
        assertThat(catalog.readKeyValuesToList()).hasSize(2);
    }

    @Test
    void bytesThatAreNotAvroAreDeadLetteredAsMalformedAndTheStreamGoesOn() {
        byte[] value = "not an Avro record".getBytes(StandardCharsets.UTF_8);
        driver.createInputTopic(topics.schemaChanges().name(), new ByteArraySerializer(), new ByteArraySerializer())
                .pipeInput("poison".getBytes(StandardCharsets.UTF_8), value);
        changes.pipeInput("erp.sales.orders", change("orders"));

        FailureRecord failure = deadLetters.readValue();
        assertThat(failure.getStage()).isEqualTo("ingest");
        assertThat(failure.getErrorClass()).isEqualTo("malformed_event");
        assertThat(failure.getOriginalValue()).isEqualTo(ByteBuffer.wrap(value));
        assertThat(catalog.readKeyValuesToList()).hasSize(2);
    }

    private static SchemaChanged change(String table) {
        return change(table, ChangeKind.ALTER_TABLE, "ALTER TABLE", null);
    }

    private static SchemaChanged change(String table, ChangeKind kind, String tag, String previousTable) {
        return SchemaChanged.newBuilder()
                .setDatabaseId("erp")
                .setSchema$("sales")
                .setTable(table)
                .setPreviousTable(previousTable)
                .setChangeKind(kind)
                .setCommandTag(tag)
                .setSourcePosition("0/16B3748")
                .setTimestamp(Instant.EPOCH)
                .build();
    }

    private static SchemaCatalogEntry entry(String table) {
        return SchemaCatalogEntry.newBuilder()
                .setDatabaseId("erp")
                .setSchema$("sales")
                .setTable(table)
                .setColumns(List.of("id"))
                .setCompactSchema("sales." + table + "(id)")
                .setTextHash("h-" + table)
                .setUpdatedAt(Instant.EPOCH)
                // the defaults of record arrays would need the serde's trust of the events package
                .setRelationships(List.of())
                .setReaders(List.of())
                .build();
    }
}
