package dev.schemarag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.embedding.EmbeddingModel;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.store.Database;
import dev.schemarag.events.ChangeKind;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.SchemaCatalogEntry;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.ingest.sync.SyncSummary;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live sync on the real stack: DDL and COMMENT changes in PostgreSQL → event trigger → Debezium → Kafka →
 * embedding updater → pgvector and the compacted schema.catalog topic.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class IngestLiveSyncIT {
    private static final String DB = "ingest_it";
    private static final Duration WAIT = Duration.ofSeconds(60);

    private static EmbeddedStack stack;
    private static EmbeddingModel model;
    private static Topics topics;
    private static Database store;
    private static Database target;
    private static RegisteredDatabase registered;
    private static Path stateDir;
    private static IngestService ingest;

    @BeforeAll
    static void startIngest(@TempDir Path dir) throws Exception {
        stack = SharedTestStack.get();
        stateDir = dir;
        stack.postgres().createDatabaseIfMissing(DB);
        String user = stack.postgres().user();
        String password = stack.postgres().password();
        store = new Database(stack.postgres().jdbcUrl("schemarag"), user, password);
        store.migrateStore();
        target = new Database(stack.postgres().jdbcUrl(DB), user, password);
        sql(
                "CREATE TABLE customers (customer_id bigint PRIMARY KEY, name text NOT NULL)",
                "CREATE TABLE orders (order_id bigint PRIMARY KEY, customer_id bigint REFERENCES customers, total numeric(12,2))",
                "COMMENT ON TABLE orders IS 'Customer orders'");
        registered = new RegisteredDatabase(
                DB, stack.postgres().jdbcUrl(DB), new Credentials(user, password), null, List.of("public"), null, null);
        model = OnnxEmbeddingModel.schemaIndexDefault();
        topics = new Topics("ingest-it.", stack.registryClient());
        ingest = start();
        SyncSummary first = ingest.sync(DB, SyncProgress.NONE);
        assertThat(first.embedded()).isEqualTo(2 + 5);
        assertThat(ingest.sync(DB, SyncProgress.NONE).embedded())
                .as("a second sync embeds nothing")
                .isZero();
    }

    private static IngestService start() throws Exception {
        IngestService service = new IngestService(
                IngestService.Config.of(
                        stack.bootstrapServers(),
                        KafkaClientSecurity.none(),
                        stateDir,
                        "schemarag_cdc",
                        "cdc-secret",
                        10),
                new DatabaseRegistry(List.of(registered)),
                () -> topics,
                model,
                store);
        service.startLiveSync(
                StreamsSettings.DEFAULTS,
                new SimpleMeterRegistry(),
                () -> {}); // a dead updater fails the tests: nothing changes
        service.awaitCaptureReady(WAIT);
        return service;
    }

    @AfterAll
    static void stop() {
        if (ingest != null) ingest.close();
    }

    @Test
    @Order(1)
    void commentOnColumnReachesThatColumnsEmbeddingText() throws Exception {
        sql("COMMENT ON COLUMN orders.total IS 'Order total in euros including VAT'");

        awaitTrue(() -> columnText("orders", "total")
                .map(t -> t.contains("Order total in euros including VAT"))
                .orElse(false));
    }

    @Test
    @Order(2)
    void addColumnCreatesItsRow() throws Exception {
        sql("ALTER TABLE orders ADD COLUMN shipped_at timestamptz");

        awaitTrue(() -> columnText("orders", "shipped_at").isPresent());
        assertThat(columnText("orders", "shipped_at").orElseThrow()).contains("orders.shipped_at");
    }

    @Test
    @Order(3)
    void rolledBackDdlProducesNothing() throws Exception {
        try (Connection c = target.open()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("ALTER TABLE orders ADD COLUMN ghost_column text");
            }
            c.rollback();
        }
        sql("COMMENT ON TABLE customers IS 'People and companies who buy from us'");

        awaitTrue(() -> tableText("customers")
                .map(t -> t.contains("People and companies"))
                .orElse(false));
        assertThat(columnText("orders", "ghost_column")).isEmpty();
        assertThat(changeEvents())
                .noneMatch(e -> "ghost_column".equals(e.getColumn()))
                .filteredOn(e -> e.getChangeKind() == ChangeKind.COMMENT_TABLE)
                .hasSize(1);
    }

    @Test
    @Order(4)
    void changesMadeWhileTheServiceIsStoppedAreNotLost() throws Exception {
        ingest.close();
        sql(
                "ALTER TABLE customers ADD COLUMN loyalty_tier text",
                "COMMENT ON COLUMN customers.loyalty_tier IS 'Bronze, silver or gold'");
        ingest = start();

        awaitTrue(() -> columnText("customers", "loyalty_tier")
                .map(t -> t.contains("Bronze, silver or gold"))
                .orElse(false));
    }

    @Test
    @Order(5)
    void dropTableRemovesTableAndColumnsAndEmitsATombstone() throws Exception {
        sql("CREATE TABLE scratch (scratch_id int PRIMARY KEY, note text)");
        awaitTrue(() -> tableText("scratch").isPresent());

        sql("DROP TABLE scratch");

        awaitTrue(() -> rowCount("scratch") == 0);
        List<ConsumerRecord<String, SchemaCatalogEntry>> catalog = readAll(
                topics.schemaCatalog().name(),
                topics.schemaCatalog().valueSerde().deserializer(),
                r -> r.key().equals(DB + ".public.scratch") && r.value() == null);
        assertThat(catalog).anyMatch(r -> r.key().equals(DB + ".public.scratch") && r.value() == null);
    }

    @Test
    @Order(6)
    void replayingTheChangeTopicFromOffsetZeroLeavesTheStoreUnchanged() throws Exception {
        Map<String, String> before = storeSnapshot();
        List<SchemaChanged> all = changeEvents();
        assertThat(all).hasSizeGreaterThan(5);

        try (KafkaProducer<String, SchemaChanged> producer = new KafkaProducer<>(
                producerProps(),
                topics.schemaChanges().keySerde().serializer(),
                topics.schemaChanges().valueSerde().serializer())) {
            for (SchemaChanged change : all)
                producer.send(new ProducerRecord<>(topics.schemaChanges().name(), "replay", change))
                        .get();
        }
        // A marker after the replay: once it is applied, the replayed changes before it are too.
        sql("CREATE TABLE replay_marker (marker_id int PRIMARY KEY)");
        awaitTrue(() -> tableText("replay_marker").isPresent());

        Map<String, String> after = storeSnapshot();
        after.keySet().removeIf(key -> key.contains("/replay_marker/"));
        // Same entities, none added or lost, each with the same text hash, vector and update time.
        assertThat(after).hasSameSizeAs(before).isEqualTo(before);
    }

    @Test
    @Order(7)
    void unknownDatabaseAndPoisonRecordGoToTheDeadLetterTopicAndTheNextGoodRecordIsProcessed() throws Exception {
        SchemaChanged unknown = SchemaChanged.newBuilder()
                .setDatabaseId("no_such_db")
                .setSchema$("public")
                .setTable("t")
                .setChangeKind(ChangeKind.ALTER_TABLE)
                .setCommandTag("ALTER TABLE")
                .setSourcePosition("0")
                .setTimestamp(Instant.now())
                .build();
        try (KafkaProducer<String, SchemaChanged> producer = new KafkaProducer<>(
                        producerProps(),
                        topics.schemaChanges().keySerde().serializer(),
                        topics.schemaChanges().valueSerde().serializer());
                KafkaProducer<byte[], byte[]> raw =
                        new KafkaProducer<>(producerProps(), new ByteArraySerializer(), new ByteArraySerializer())) {
            raw.send(new ProducerRecord<>(
                            topics.schemaChanges().name(),
                            "poison".getBytes(StandardCharsets.UTF_8),
                            "not avro at all".getBytes(StandardCharsets.UTF_8)))
                    .get();
            producer.send(new ProducerRecord<>(topics.schemaChanges().name(), "no_such_db.public.t", unknown))
                    .get();
        }
        sql("COMMENT ON COLUMN orders.order_id IS 'After the poison record'");

        awaitTrue(() -> columnText("orders", "order_id")
                .map(t -> t.contains("After the poison record"))
                .orElse(false));
        List<ConsumerRecord<String, FailureRecord>> dead = readAll(
                topics.deadLetter(DeadLetterTopic.INGEST).name(),
                topics.deadLetter(DeadLetterTopic.INGEST).valueSerde().deserializer(),
                r -> false);
        assertThat(dead).extracting(r -> r.value().getErrorClass()).contains("malformed_event", "unknown_database");
        FailureRecord poison = dead.stream()
                .map(ConsumerRecord::value)
                .filter(f -> f.getErrorClass().equals("malformed_event"))
                .findFirst()
                .orElseThrow();
        assertThat(poison.getOriginalTopic()).isEqualTo(topics.schemaChanges().name());
        assertThat(StandardCharsets.UTF_8.decode(poison.getOriginalValue()).toString())
                .isEqualTo("not avro at all");
        assertThat(poison.getMessage()).isNotBlank();
    }

    @Test
    @Order(8)
    void aColumnNamedAfterAnotherTablesKeyGetsAnInferredEdgeInTheStoreAndOnTheCatalogUntilItIsRenamedOrDropped()
            throws Exception {
        sql("CREATE TABLE shipments (shipment_id bigint PRIMARY KEY, note text)");
        awaitTrue(() -> tableText("shipments").isPresent());
        assertThat(storedEdges("shipments")).isEmpty();

        sql("ALTER TABLE shipments ADD COLUMN customer_id bigint"); // no REFERENCES: only inference joins it

        awaitTrue(
                () -> storedEdges("shipments").equals(List.of("customer_id -> public.customers.customer_id inferred")));
        assertThat(latestCatalogEdges("shipments", e -> !e.isEmpty()))
                .containsExactly("customer_id -> public.customers.customer_id inferred 0.9");

        sql("ALTER TABLE shipments RENAME COLUMN customer_id TO recipient_ref");

        awaitTrue(() -> storedEdges("shipments").isEmpty());
        assertThat(latestCatalogEdges("shipments", List::isEmpty)).isEmpty();

        sql("ALTER TABLE shipments ADD COLUMN order_id bigint");
        awaitTrue(() -> storedEdges("shipments").equals(List.of("order_id -> public.orders.order_id inferred")));

        sql("ALTER TABLE shipments DROP COLUMN order_id");

        awaitTrue(() -> storedEdges("shipments").isEmpty());
        assertThat(latestCatalogEdges("shipments", List::isEmpty)).isEmpty();
        // The declared key of orders is published as such, and never stored as an edge of its own.
        assertThat(latestCatalogEdges("orders", e -> !e.isEmpty()))
                .containsExactly("customer_id -> public.customers.customer_id declared 1.0");
        assertThat(storedEdges("orders")).isEmpty();
    }

    @Test
    @Order(9)
    void aBurstOfChangesOnOneTableEndsWithItsLastStateInTheStoreAndOnTheCatalog() throws Exception {
        sql("CREATE TABLE burst_probe (probe_id bigint PRIMARY KEY, note text)");
        awaitTrue(() -> tableText("burst_probe").isPresent());
        List<String> burst = new ArrayList<>();
        for (int i = 0; i < 30; i++)
            burst.add(
                    i % 2 == 0
                            ? "ALTER TABLE burst_probe ADD COLUMN extra_" + i + " text"
                            : "COMMENT ON COLUMN burst_probe.note IS 'Burst note " + i + "'");

        sql(burst.toArray(String[]::new)); // back to back, each its own transaction: refreshes may cover later ones

        awaitTrue(() -> columnText("burst_probe", "note")
                .map(t -> t.contains("Burst note 29"))
                .orElse(false));
        awaitTrue(() -> rowCount("burst_probe") == 3 + 15); // the table, its two columns and the 15 added
        SchemaCatalogEntry latest =
                latestCatalogEntry("burst_probe", e -> e.getColumns().contains("extra_28"));
        assertThat(latest.getColumns()).hasSize(2 + 15);
    }

    // --- helpers -------------------------------------------------------------------------------------------

    /** The stored annotated and inferred edges from a table, as "columns -> table.columns source". */
    private static List<String> storedEdges(String table) throws Exception {
        List<String> edges = new ArrayList<>();
        try (Connection session = store.borrow();
                PreparedStatement ps = session.prepareStatement("SELECT array_to_string(columns, ','),"
                        + " referenced_schema || '.' || referenced_table || '.' || array_to_string(referenced_columns, ','),"
                        + " source FROM catalog_relationships WHERE database_id = ? AND table_name = ? ORDER BY 1")) {
            ps.setString(1, DB);
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) edges.add(rs.getString(1) + " -> " + rs.getString(2) + " " + rs.getString(3));
            }
        }
        return edges;
    }

    /**
     * The edges of the table's latest schema.catalog record, as "columns -> schema.table.columns source confidence",
     * once {@code expected} accepts them (the record follows the store's write).
     */
    private static List<String> latestCatalogEdges(String table, Predicate<List<String>> expected) {
        return edges(latestCatalogEntry(table, entry -> expected.test(edges(entry))));
    }

    /** The table's latest schema.catalog record, once {@code expected} accepts it (the record follows the store). */
    private static SchemaCatalogEntry latestCatalogEntry(String table, Predicate<SchemaCatalogEntry> expected) {
        String key = DB + ".public." + table;
        List<SchemaCatalogEntry> latest = new ArrayList<>();
        await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> {
            latest.clear();
            for (ConsumerRecord<String, SchemaCatalogEntry> r : readAll(
                    topics.schemaCatalog().name(),
                    topics.schemaCatalog().valueSerde().deserializer(),
                    r -> false))
                if (key.equals(r.key()) && r.value() != null) {
                    latest.clear();
                    latest.add(r.value());
                }
            return !latest.isEmpty() && expected.test(latest.get(0));
        });
        return latest.get(0);
    }

    private static List<String> edges(SchemaCatalogEntry entry) {
        return entry.getRelationships().stream()
                .map(r -> String.join(",", r.getColumns()) + " -> " + r.getReferencedSchema() + "."
                        + r.getReferencedTable() + "." + String.join(",", r.getReferencedColumns()) + " "
                        + r.getSource() + " " + r.getConfidence())
                .toList();
    }

    private static void sql(String... statements) throws Exception {
        try (Connection session = target.borrow();
                Statement s = session.createStatement()) {
            for (String statement : statements) s.execute(statement);
        }
    }

    private static Optional<String> columnText(String table, String column) throws Exception {
        return text("column", table, column);
    }

    private static Optional<String> tableText(String table) throws Exception {
        return text("table", table, "");
    }

    private static Optional<String> text(String type, String table, String column) throws Exception {
        try (Connection session = store.borrow();
                PreparedStatement ps = session.prepareStatement("SELECT stable_text FROM schema_embeddings"
                        + " WHERE database_id = ? AND entity_type = ? AND table_name = ? AND column_name = ?")) {
            ps.setString(1, DB);
            ps.setString(2, type);
            ps.setString(3, table);
            ps.setString(4, column);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    private static int rowCount(String table) throws Exception {
        try (Connection session = store.borrow();
                PreparedStatement ps = session.prepareStatement(
                        "SELECT count(*) FROM schema_embeddings WHERE database_id = ? AND table_name = ?")) {
            ps.setString(1, DB);
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** Every stored entity of the test database with its text hash, vector and last update time. */
    private static Map<String, String> storeSnapshot() throws Exception {
        Map<String, String> rows = new TreeMap<>();
        try (Connection session = store.borrow();
                PreparedStatement ps =
                        session.prepareStatement("SELECT entity_type, table_name, column_name, text_hash,"
                                + " updated_at::text, embedding::text FROM schema_embeddings WHERE database_id = ?")) {
            ps.setString(1, DB);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next())
                    rows.put(
                            rs.getString(1) + "/" + rs.getString(2) + "/" + rs.getString(3),
                            rs.getString(4) + "@" + rs.getString(5) + " " + rs.getString(6));
            }
        }
        return rows;
    }

    private static List<SchemaChanged> changeEvents() {
        return readAll(
                        topics.schemaChanges().name(),
                        topics.schemaChanges().valueSerde().deserializer(),
                        r -> false)
                .stream()
                .map(ConsumerRecord::value)
                .filter(v -> v != null && DB.equals(v.getDatabaseId()))
                .toList();
    }

    /** Reads a topic from the start until it is exhausted (or {@code done} matches a record). Skips undecodable records. */
    private static <V> List<ConsumerRecord<String, V>> readAll(
            String topic, Deserializer<V> values, Predicate<ConsumerRecord<String, V>> done) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        List<ConsumerRecord<String, V>> records = new ArrayList<>();
        Deserializer<V> lenient = (t, bytes) -> {
            try {
                return values.deserialize(t, bytes);
            } catch (RuntimeException poison) {
                return null;
            }
        };
        try (KafkaConsumer<String, V> consumer = new KafkaConsumer<>(p, new StringDeserializer(), lenient)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(info -> new TopicPartition(topic, info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            int emptyPolls = 0;
            while (System.nanoTime() < deadline && emptyPolls < 3) {
                var batch = consumer.poll(Duration.ofMillis(500));
                if (batch.isEmpty() && !records.isEmpty()) emptyPolls++;
                for (var r : batch) {
                    records.add(r);
                    if (done.test(r)) return records;
                }
            }
        }
        return records;
    }

    private static Properties producerProps() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        return p;
    }

    private static void awaitTrue(Callable<Boolean> check) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(20)).until(check);
    }
}
