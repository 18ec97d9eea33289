package dev.schemarag.core.kafka;

import dev.schemarag.core.config.ConfigException;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import java.util.List;

/**
 * How SchemaRAG's topics are laid out on the brokers: the partition count bounds how many stream threads, across all
 * instances of a stage, work at once; replication and {@code min.insync.replicas} decide which broker losses a
 * committed record survives. Kafka Streams' internal topics get the same replication.
 */
public record TopicSettings(int partitions, short replicationFactor, int minInsyncReplicas, long resultsRetentionMs) {
    public static final Setting<Integer> PARTITIONS = Setting.integer(
            "topic.partitions",
            6,
            1,
            10_000,
            "Partitions of each topic SchemaRAG creates: the most stream threads (over all instances) one stage can use");
    public static final Setting<Integer> REPLICATION_FACTOR = Setting.integer(
            "topic.replication.factor",
            1,
            1,
            Short.MAX_VALUE,
            "Replicas of each topic SchemaRAG creates, Kafka Streams' internal topics included (1 on the embedded single-node broker; 3 in production)");
    public static final Setting<Integer> MIN_INSYNC_REPLICAS = Setting.integer(
            "topic.min.insync.replicas",
            1,
            1,
            Short.MAX_VALUE,
            "min.insync.replicas of each topic SchemaRAG creates: replicas that must have a write before it counts (2 in production); at most topic.replication.factor");

    public static final Setting<Integer> RESULTS_RETENTION_MS = Setting.integer(
            "topic.results.retention.ms",
            86_400_000,
            60_000,
            Integer.MAX_VALUE,
            "retention.ms of the results topic when SchemaRAG creates it: it carries the rows of executed answers,"
                    + " so it keeps them briefly (default one day)");

    public static final TopicSettings DEFAULTS = new TopicSettings(
            PARTITIONS.defaultValue(),
            REPLICATION_FACTOR.defaultValue().shortValue(),
            MIN_INSYNC_REPLICAS.defaultValue(),
            RESULTS_RETENTION_MS.defaultValue());

    public TopicSettings {
        if (minInsyncReplicas > replicationFactor)
            throw new ConfigException(
                    MIN_INSYNC_REPLICAS.key(),
                    String.valueOf(minInsyncReplicas),
                    "at most topic.replication.factor (" + replicationFactor + "): no write could ever succeed");
    }

    public static TopicSettings from(Settings settings) {
        return new TopicSettings(
                settings.get(PARTITIONS),
                settings.get(REPLICATION_FACTOR).shortValue(),
                settings.get(MIN_INSYNC_REPLICAS),
                settings.get(RESULTS_RETENTION_MS));
    }

    public static List<Setting<?>> declared() {
        return List.of(PARTITIONS, REPLICATION_FACTOR, MIN_INSYNC_REPLICAS, RESULTS_RETENTION_MS);
    }
}
