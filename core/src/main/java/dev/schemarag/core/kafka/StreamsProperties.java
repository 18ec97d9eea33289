package dev.schemarag.core.kafka;

import dev.schemarag.core.config.ConfigException;
import dev.schemarag.events.FailureRecord;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.streams.StreamsConfig;

/** The Kafka Streams settings every SchemaRAG processor shares, including dead-letter routing and explicit limits. */
public final class StreamsProperties {
    /** Beyond the slowest records of a poll iteration, the rest of a transaction: the other records and the commit. */
    static final Duration TRANSACTION_MARGIN = Duration.ofSeconds(10);

    private StreamsProperties() {}

    /**
     * @param longestRecord the longest time processing one record may take in this app: an exactly-once transaction
     *     stays open meanwhile, and the thread does not poll
     * @throws ConfigException when {@code limits} leave less than twice a whole poll iteration (see {@link
     *     #longestIteration}) between two polls, so that slow records would get the member fenced and processed again
     *     in a loop
     */
    public static Properties of(
            String applicationId,
            String bootstrapServers,
            KafkaClientSecurity security,
            Topic<String, FailureRecord> deadLetterTopic,
            String stage,
            Path stateDir,
            StreamsSettings limits,
            Duration longestRecord) {
        long maxPoll = limits.maxPollInterval().toMillis();
        int tasks = tasksPerThread(limits);
        long iteration = longestIteration(limits, longestRecord).toMillis();
        if (maxPoll < 2 * iteration)
            throw new ConfigException(
                    StreamsSettings.MAX_POLL_INTERVAL_MS.key(),
                    String.valueOf(maxPoll),
                    "at least twice the longest poll iteration of " + applicationId + ": " + tasks
                            + " task(s) per stream thread (" + TopicSettings.PARTITIONS.key() + "="
                            + limits.topics().partitions() + ", " + StreamsSettings.STREAM_THREADS.key() + "="
                            + limits.streamThreads() + ") x " + longestRecord.toMillis() + " ms per record, i.e. "
                            + 2 * iteration + "; raise it, or add stream threads or instances");
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.putAll(security.clientProperties());
        p.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        // Low latency over batching: a question should not wait for a commit interval.
        p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 100);
        // Kafka Streams lingers 100 ms by default, each stage's output would sit in the producer for as long again; and
        // even 5 ms costs a question that much at every stage. Without lingering, records still share a batch under
        // load: those produced while a request is in flight are sent together.
        p.put(StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG), 0);
        p.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, limits.streamThreads());
        // Changelog and repartition topics are replicated like the application's own topics.
        p.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, (int) limits.topics().replicationFactor());
        p.put(
                StreamsConfig.topicPrefix(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG),
                limits.topics().minInsyncReplicas());
        p.put(StreamsConfig.consumerPrefix("auto.offset.reset"), "earliest");
        p.put(StreamsConfig.consumerPrefix(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG), (int) maxPoll);
        p.put(StreamsConfig.producerPrefix(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG), (int)
                transactionTimeout(limits, longestRecord).toMillis());
        if (!limits.groupInstanceId().isEmpty())
            p.put(StreamsConfig.consumerPrefix(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG), limits.groupInstanceId());
        p.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterHandlers.Deserialization.class);
        p.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterHandlers.Processing.class);
        p.put(StreamsConfig.PRODUCTION_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterHandlers.Production.class);
        p.put(StreamsConfig.DEFAULT_CLIENT_SUPPLIER_CONFIG, SizeCheckingClientSupplier.class);
        p.put(DeadLetterHandlers.TOPIC, deadLetterTopic.name());
        p.put(DeadLetterHandlers.STAGE, stage);
        p.put(DeadLetterHandlers.SERIALIZER, deadLetterTopic.valueSerde().serializer());
        return p;
    }

    /**
     * The most tasks one stream thread may own: when the other instances are gone, this process's threads share every
     * partition of the source topic (the configured {@code topic.partitions}; {@link TopicCreator} warns about a topic
     * that has more).
     */
    static int tasksPerThread(StreamsSettings limits) {
        int partitions = limits.topics().partitions();
        int threads = limits.streamThreads();
        return (partitions + threads - 1) / threads;
    }

    /**
     * A stream thread processes its tasks one record after the other between two polls, all in one exactly-once
     * transaction: in the worst case every task has a record that takes the longest.
     */
    static Duration longestIteration(StreamsSettings limits, Duration longestRecord) {
        return longestRecord.multipliedBy(tasksPerThread(limits));
    }

    /**
     * A whole poll iteration plus the commit. No longer than that: a process killed mid-transaction blocks its
     * partitions' {@code read_committed} readers until the broker aborts the transaction.
     */
    static Duration transactionTimeout(StreamsSettings limits, Duration longestRecord) {
        return longestIteration(limits, longestRecord).plus(TRANSACTION_MARGIN);
    }
}
