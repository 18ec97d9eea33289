package dev.schemarag.stack;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The registry's durable state: every registration as one record in the compacted, single-partition topic
 * {@value #TOPIC}. Appends are synchronous, so an id is only handed out once it is stored; reading the
 * topic from the beginning rebuilds the registry after a restart.
 */
final class SchemaLog implements AutoCloseable {
    static final String TOPIC = "_schemas";
    private static final Logger LOG = LoggerFactory.getLogger(SchemaLog.class);
    private static final TopicPartition PARTITION = new TopicPartition(TOPIC, 0);
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final String bootstrapServers;
    private final KafkaProducer<String, String> producer;

    SchemaLog(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
        Properties settings = new Properties();
        settings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        settings.put(ProducerConfig.ACKS_CONFIG, "all");
        settings.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) TIMEOUT.toMillis());
        settings.put(ProducerConfig.CLIENT_ID_CONFIG, "schema-registry-log");
        this.producer = new KafkaProducer<>(settings, new StringSerializer(), new StringSerializer());
    }

    /** Creates the topic when missing and returns every stored registration in log order. */
    List<RegisteredSchema> readAll() {
        createTopicIfMissing();
        Properties settings = new Properties();
        settings.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        settings.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        settings.put(ConsumerConfig.CLIENT_ID_CONFIG, "schema-registry-replay");
        List<RegisteredSchema> registrations = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(settings, new StringDeserializer(), new StringDeserializer())) {
            consumer.assign(List.of(PARTITION));
            consumer.seekToBeginning(List.of(PARTITION));
            long end = consumer.endOffsets(List.of(PARTITION), TIMEOUT).get(PARTITION);
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (consumer.position(PARTITION, TIMEOUT) < end) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(
                            "could not read " + TOPIC + " up to offset " + end + " within " + TIMEOUT);
                }
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    decode(record).ifPresent(registrations::add);
                }
            }
        }
        return registrations;
    }

    void append(RegisteredSchema registered) {
        try {
            producer.send(new ProducerRecord<>(
                            TOPIC, SchemaLogRecords.key(registered), SchemaLogRecords.value(registered)))
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw RegistryError.storeFailure("cannot write to " + TOPIC + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw RegistryError.storeFailure("interrupted while writing to " + TOPIC);
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }

    private Optional<RegisteredSchema> decode(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(SchemaLogRecords.parse(record.value()));
        } catch (IllegalArgumentException | RegistryError e) {
            LOG.warn("Skipping unreadable record at offset {} of {}: {}", record.offset(), TOPIC, e.getMessage());
            return Optional.empty();
        }
    }

    private void createTopicIfMissing() {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
            NewTopic topic = new NewTopic(TOPIC, 1, (short) 1)
                    .configs(Map.of(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT));
            admin.createTopics(List.of(topic)).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            LOG.info("Created topic {}", TOPIC);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException(
                        "cannot create topic " + TOPIC + ": " + e.getCause().getMessage(), e);
            }
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "Kafka at " + bootstrapServers + " did not create " + TOPIC + " within " + TIMEOUT, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating " + TOPIC, e);
        }
    }
}
