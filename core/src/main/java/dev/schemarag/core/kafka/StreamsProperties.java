package dev.schemarag.core.kafka;

import dev.schemarag.events.FailureRecord;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;

/** The Kafka Streams settings every SchemaRAG processor shares, including dead-letter routing. */
public final class StreamsProperties {
    private StreamsProperties() {}

    public static Properties of(
            String applicationId,
            String bootstrapServers,
            KafkaClientSecurity security,
            Topic<String, FailureRecord> deadLetterTopic,
            String stage,
            Path stateDir) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.putAll(security.clientProperties());
        p.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        // Low latency over batching: a question should not wait for a commit interval.
        p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 100);
        p.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
        p.put(StreamsConfig.consumerPrefix("auto.offset.reset"), "earliest");
        p.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterHandlers.Deserialization.class);
        p.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterHandlers.Processing.class);
        p.put(StreamsConfig.PRODUCTION_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterHandlers.Production.class);
        p.put(StreamsConfig.DEFAULT_CLIENT_SUPPLIER_CONFIG, SizeCheckingClientSupplier.class);
        p.put(DeadLetterHandlers.TOPIC, deadLetterTopic.name());
        p.put(DeadLetterHandlers.STAGE, stage);
        p.put(DeadLetterHandlers.SERIALIZER, deadLetterTopic.valueSerde().serializer());
        return p;
    }
}
