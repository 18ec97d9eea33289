package dev.schemarag.app;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The timestamp of the first record each question id (the record key) has on each of the pipeline's stage topics,
 * read with {@code read_committed} ({@link TopicTail}). On topics with {@code message.timestamp.type=LogAppendTime}
 * that is when the broker appended the stage's output, not the question's time Kafka Streams passes on.
 */
final class StageTimestamps implements AutoCloseable {
    private final Map<String, Map<String, Long>> byTopic = new ConcurrentHashMap<>();
    private final TopicTail tail;

    StageTimestamps(String bootstrapServers, List<String> topics) {
        topics.forEach(t -> byTopic.put(t, new ConcurrentHashMap<>()));
        tail = new TopicTail(bootstrapServers, topics, "bench-stage-timestamps", records -> {
            for (ConsumerRecord<byte[], byte[]> r : records)
                if (r.key() != null)
                    byTopic.get(r.topic()).putIfAbsent(new String(r.key(), StandardCharsets.UTF_8), r.timestamp());
        });
    }

    /** Question id to the first record's timestamp on {@code topic}, as read so far. */
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
