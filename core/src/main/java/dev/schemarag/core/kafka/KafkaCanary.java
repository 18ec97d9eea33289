package dev.schemarag.core.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One record through Kafka the way a stage's records go: produced in a transaction to the canary topic ({@code
 * <prefix>canary}: one partition, records kept an hour, nothing else on it) and read back under {@code
 * read_committed}. A stage service sends one before it reports ready: it loads and runs the client code that the first
 * question would otherwise wait for (a first fetched record batch, a first transactional produce and its commit,
 * about a hundred classes), and it shows that the broker takes the service's transactions.
 */
public final class KafkaCanary {
    private static final Logger log = LoggerFactory.getLogger(KafkaCanary.class);
    private static final Duration RETENTION = Duration.ofHours(1);
    /** How long a service's warm-up waits for its canary before it goes on without. */
    private static final Duration WARM_UP_TIMEOUT = Duration.ofSeconds(30);

    private KafkaCanary() {}

    /** The canary topic under {@code prefix}. */
    public static String topic(String prefix) {
        return prefix + "canary";
    }

    /**
     * {@link #send}s a canary through the canary topic under {@code prefix} and logs how it went. A warm-up only: a
     * failure (a topic the service may not write, say) is logged and costs the first question some time, nothing else.
     */
    public static void warmUp(Map<String, Object> clientConfig, String prefix, String sender) {
        String topic = topic(prefix);
        try {
            log.info(
                    "A canary record went through {} in {} ms",
                    topic,
                    send(clientConfig, topic, sender, WARM_UP_TIMEOUT).toMillis());
        } catch (RuntimeException e) {
            log.warn(
                    "No canary record went through {}, so the first question will wait for the Kafka clients' first"
                            + " record: {}",
                    topic,
                    e.toString());
        }
    }

    /**
     * Sends one record from {@code sender} through the canary topic and waits until it is read back.
     *
     * @param clientConfig bootstrap servers and security of the service's clients
     * @param topic the canary topic, made by {@link TopicCreator} with the others
     * @return how long the record took from the send to being read back
     * @throws IllegalStateException when the record was not read back within {@code timeout}
     */
    public static Duration send(Map<String, Object> clientConfig, String topic, String sender, Duration timeout) {
        TopicPartition partition = new TopicPartition(topic, 0);
        byte[] id = UUID.randomUUID().toString().getBytes(StandardCharsets.UTF_8);
        try (KafkaConsumer<String, byte[]> consumer = consumer(clientConfig);
                KafkaProducer<String, byte[]> producer = producer(clientConfig, sender, timeout)) {
            consumer.assign(List.of(partition));
            consumer.seekToEnd(List.of(partition));
            consumer.position(partition, timeout);
            producer.initTransactions();
            long sent = System.nanoTime();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, 0, sender, id));
            producer.commitTransaction();
            long deadline = sent + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(100)))
                    if (Arrays.equals(record.value(), id)) return Duration.ofNanos(System.nanoTime() - sent);
            }
            throw new IllegalStateException("the canary record was not read back from " + topic + " within " + timeout);
        }
    }

    /** The canary topic as {@link TopicCreator} makes it with the others: one partition, records kept an hour. */
    static NewTopic newTopic(String prefix, TopicSettings layout) {
        return new NewTopic(topic(prefix), Optional.of(1), Optional.of(layout.replicationFactor()))
                .configs(Map.of(
                        TopicConfig.RETENTION_MS_CONFIG,
                        String.valueOf(RETENTION.toMillis()),
                        TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG,
                        String.valueOf(layout.minInsyncReplicas())));
    }

    private static KafkaConsumer<String, byte[]> consumer(Map<String, Object> clientConfig) {
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
    }

    /** A transactional id of its own each time: two instances starting together must not fence each other. */
    private static KafkaProducer<String, byte[]> producer(
            Map<String, Object> clientConfig, String sender, Duration timeout) {
        Map<String, Object> config = new HashMap<>(clientConfig);
        config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, sender + "-canary-" + UUID.randomUUID());
        config.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, (int) timeout.toMillis());
        return new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
    }
}
