package dev.schemarag.bench;

import dev.schemarag.core.kafka.TopicTail;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * When each question id (the record key) reached each of the pipeline's stages, read with {@code read_committed}
 * ({@link TopicTail}) from the stage topics: per topic, a function tells a record's stage time, or none when the
 * record marks no stage (a repair's candidate, say). The first time per id and topic is kept.
 */
final class StageTimestamps implements AutoCloseable {
    /** A record's stage time in epoch ms, or empty when the record marks no stage. */
    interface StageTime extends Function<ConsumerRecord<byte[], byte[]>, Optional<Long>> {}

    /** The broker's append time: right on a topic with {@code message.timestamp.type=LogAppendTime}. */
    static final StageTime APPENDED = r -> Optional.of(r.timestamp());

    private final Map<String, Map<String, Long>> byTopic = new ConcurrentHashMap<>();
    private final TopicTail tail;

    StageTimestamps(String bootstrapServers, Map<String, StageTime> stageTimes) {
        stageTimes.keySet().forEach(t -> byTopic.put(t, new ConcurrentHashMap<>()));
        tail = new TopicTail(
                Map.of(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
                java.util.List.copyOf(stageTimes.keySet()),
                TopicTail.From.BEGINNING,
                "bench-stage-timestamps",
                records -> {
                    for (ConsumerRecord<byte[], byte[]> r : records) {
                        if (r.key() == null || r.value() == null) continue;
                        Optional<Long> at = stageTimes.get(r.topic()).apply(r);
                        at.ifPresent(ms ->
                                byTopic.get(r.topic()).putIfAbsent(new String(r.key(), StandardCharsets.UTF_8), ms));
                    }
                });
    }

    /** Question id to its stage time on {@code topic}, as read so far. */
    Map<String, Long> of(String topic) {
        Map<String, Long> stamps = byTopic.get(topic);
        if (stamps == null) throw new IllegalArgumentException(topic + " is not read here");
        return Map.copyOf(stamps);
    }

    @Override
    public void close() {
        tail.close();
    }
}
