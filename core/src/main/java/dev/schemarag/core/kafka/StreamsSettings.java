package dev.schemarag.core.kafka;

import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The limits every SchemaRAG Kafka Streams client runs with, explicit rather than library defaults.
 *
 * @param maxPollInterval how long a stream thread may go without polling before the group fences it; it must exceed
 *     twice the longest poll iteration: the longest time one record may take, times the tasks one thread may own
 *     ({@link StreamsProperties})
 * @param groupInstanceId static group membership when not blank: a restarted process takes its partitions back
 *     without a rebalance; blank = dynamic membership
 * @param streamThreads stream threads of each Kafka Streams client of this process: with the partition count, how
 *     many records of one stage are processed at once
 * @param topics the layout of the topics the process creates, and the replication of Kafka Streams' internal topics
 */
public record StreamsSettings(
        Duration maxPollInterval, String groupInstanceId, int streamThreads, TopicSettings topics) {
    /**
     * Ten minutes by default: with the default layout a thread may own 3 tasks, and ingest's updater may retry one
     * record for 90 s, generation's take 60 s; a record stuck longer is cut off by those stages' own deadlines.
     */
    public static final Setting<Integer> MAX_POLL_INTERVAL_MS = Setting.integer(
            "streams.max.poll.interval.ms",
            600_000,
            10_000,
            Integer.MAX_VALUE,
            "Longest gap between two polls of a stream thread before it is fenced; at least twice the longest time one"
                    + " record may take times ceil(topic.partitions / stream.threads), the tasks one thread may own");

    public static final Setting<String> GROUP_INSTANCE_ID = Setting.string(
            "streams.group.instance.id",
            "",
            "Static group membership id of this process's stream clients (unique per process; Kafka Streams appends the thread); empty = dynamic");

    /**
     * Two by default, as many as this 2-core reference machine has: retrieval is CPU-bound (embedding the question),
     * so more threads than cores only add contention, while generation mostly waits on the LLM and EXPLAIN, so a
     * second thread lets one stage keep working while the other waits. Scale further with instances or this setting.
     */
    public static final Setting<Integer> STREAM_THREADS = Setting.integer(
            "stream.threads",
            2,
            1,
            64,
            "Stream threads of each Kafka Streams client of a service; threads over all instances beyond topic.partitions stay idle");

    public static final StreamsSettings DEFAULTS = new StreamsSettings(
            Duration.ofMillis(MAX_POLL_INTERVAL_MS.defaultValue()),
            "",
            STREAM_THREADS.defaultValue(),
            TopicSettings.DEFAULTS);

    public static StreamsSettings from(Settings settings) {
        return new StreamsSettings(
                Duration.ofMillis(settings.get(MAX_POLL_INTERVAL_MS)),
                settings.get(GROUP_INSTANCE_ID).strip(),
                settings.get(STREAM_THREADS),
                TopicSettings.from(settings));
    }

    /** These settings and the topic layout's. */
    public static List<Setting<?>> declared() {
        List<Setting<?>> declared = new ArrayList<>(List.of(MAX_POLL_INTERVAL_MS, GROUP_INSTANCE_ID, STREAM_THREADS));
        declared.addAll(TopicSettings.declared());
        return declared;
    }
}
