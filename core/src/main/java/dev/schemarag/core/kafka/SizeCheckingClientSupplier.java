package dev.schemarag.core.kafka;

import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.KafkaClientSupplier;

/**
 * Kafka Streams' clients as by default, except that the producer refuses a record above its
 * {@code max.request.size} itself (see {@link SizeCheckingProducer}), so that under exactly-once the
 * production exception handler can dead-letter it and the transaction still commits.
 */
public final class SizeCheckingClientSupplier implements KafkaClientSupplier {
    private static final int DEFAULT_MAX_REQUEST_SIZE = 1024 * 1024;

    @Override
    public Admin getAdmin(Map<String, Object> config) {
        return Admin.create(config);
    }

    @Override
    public Producer<byte[], byte[]> getProducer(Map<String, Object> config) {
        Object limit = config.get(ProducerConfig.MAX_REQUEST_SIZE_CONFIG);
        int maxRequestSize = limit == null
                ? DEFAULT_MAX_REQUEST_SIZE
                : Integer.parseInt(limit.toString().trim());
        return new SizeCheckingProducer(
                new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer()), maxRequestSize);
    }

    @Override
    public Consumer<byte[], byte[]> getConsumer(Map<String, Object> config) {
        return new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    @Override
    public Consumer<byte[], byte[]> getRestoreConsumer(Map<String, Object> config) {
        return getConsumer(config);
    }

    @Override
    public Consumer<byte[], byte[]> getGlobalConsumer(Map<String, Object> config) {
        return getConsumer(config);
    }
}
