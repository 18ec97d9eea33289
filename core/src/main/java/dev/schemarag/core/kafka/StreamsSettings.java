package dev.schemarag.core.kafka;

import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import java.time.Duration;
import java.util.List;

/**
 * The limits every SchemaRAG Kafka Streams client runs with, explicit rather than library defaults.
 *
 * @param maxPollInterval how long a stream thread may go without polling before the group fences it; it must exceed
 *     twice the longest time one record may take ({@link StreamsProperties})
 * @param groupInstanceId static group membership when not blank: a restarted process takes its partitions back
 *     without a rebalance; blank = dynamic membership
 */
public record StreamsSettings(Duration maxPollInterval, String groupInstanceId) {
    public static final Setting<Integer> MAX_POLL_INTERVAL_MS = Setting.integer(
            "streams.max.poll.interval.ms",
            300_000,
            10_000,
            Integer.MAX_VALUE,
            "Longest gap between two polls of a stream thread before it is fenced; at least twice the longest time one record may take");
    public static final Setting<String> GROUP_INSTANCE_ID = Setting.string(
            "streams.group.instance.id",
            "",
            "Static group membership id of this process's stream clients (unique per process; Kafka Streams appends the thread); empty = dynamic");

    public static final StreamsSettings DEFAULTS =
            new StreamsSettings(Duration.ofMillis(MAX_POLL_INTERVAL_MS.defaultValue()), "");

    public static StreamsSettings from(Settings settings) {
        return new StreamsSettings(
                Duration.ofMillis(settings.get(MAX_POLL_INTERVAL_MS)),
                settings.get(GROUP_INSTANCE_ID).strip());
    }

    public static List<Setting<?>> declared() {
        return List.of(MAX_POLL_INTERVAL_MS, GROUP_INSTANCE_ID);
    }
}
