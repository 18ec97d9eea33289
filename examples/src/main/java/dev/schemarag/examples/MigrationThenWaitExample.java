package dev.schemarag.examples;

import dev.schemarag.avro.AvroSerde;
import dev.schemarag.events.SchemaCatalogEntry;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * A schema-change automation step: run a migration, then continue only once SchemaRAG's index has the change, so the
 * next question about the new column already finds it. It waits on the compacted {@code schema.catalog} topic, which
 * ingest writes for a table after it has re-embedded it into pgvector; key {@code <database id>.<schema>.<table>}.
 * ({@code ./schemarag db wait} does the same from a shell.)
 *
 * <p>Run: {@code java ... MigrationThenWaitExample <db id> <jdbc url> <user> <password> <schema.table> "<DDL>"
 * <column the DDL adds>}, with ingest's live sync running.
 */
public final class MigrationThenWaitExample {
    private MigrationThenWaitExample() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 7) {
            System.err.println("usage: MigrationThenWaitExample <db id> <jdbc url> <user> <password> <schema.table>"
                    + " <DDL> <column the DDL adds>");
            System.exit(2);
        }
        String[] table = args[4].split("\\.", 2);
        String column = args[6];
        Optional<SchemaCatalogEntry> indexed = migrateAndWait(
                SchemaRagTopics.fromEnvironment(),
                args[0],
                () -> {
                    try (Connection c = DriverManager.getConnection(args[1], args[2], args[3]);
                            Statement s = c.createStatement()) {
                        s.execute(args[5]);
                    }
                },
                table[0],
                table[1],
                entry -> entry.getColumns().contains(column),
                Duration.ofMinutes(2));
        System.out.println(
                indexed.isPresent()
                        ? "indexed: " + args[4] + " " + indexed.get().getColumns()
                        : "not indexed within 2 minutes: is ingest's live sync running?");
        System.exit(indexed.isPresent() ? 0 : 1);
    }

    /** The migration itself, run by whatever tool the app uses. */
    @FunctionalInterface
    public interface Migration {
        void run() throws Exception;
    }

    /**
     * Runs {@code migration}, then waits until the catalog entry of {@code schema.table} satisfies {@code applied};
     * returns that entry, or empty after {@code timeout}.
     */
    public static Optional<SchemaCatalogEntry> migrateAndWait(
            SchemaRagTopics topics,
            String databaseId,
            Migration migration,
            String schema,
            String table,
            Predicate<SchemaCatalogEntry> applied,
            Duration timeout)
            throws Exception {
        String key = databaseId + "." + schema + "." + table;
        AvroSerde<SchemaCatalogEntry> entries = AvroSerde.forValue(SchemaCatalogEntry.class, topics.registry());
        Map<String, Object> config = topics.clientConfig();
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topics.schemaCatalog()).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            partitions.forEach(consumer::position); // only entries written after the migration count

            migration.run();

            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    if (!key.equals(r.key()) || r.value() == null) continue; // another table, or a drop
                    SchemaCatalogEntry entry = entries.deserializer().deserialize(r.topic(), r.value());
                    if (applied.test(entry)) return Optional.of(entry);
                }
            }
            return Optional.empty();
        }
    }
}
