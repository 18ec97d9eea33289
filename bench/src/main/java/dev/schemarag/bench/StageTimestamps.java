package dev.schemarag.bench;

import dev.schemarag.core.kafka.TopicTail;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What the stage topics tell of each question id (the record key), read with {@code read_committed} ({@link
 * TopicTail}): per named mark, a topic and a function that reads the mark from a record, or none when the record
 * carries no such mark (a repair's candidate, say). A mark is when a question reached a stage, or a figure a stage
 * recorded, such as the time its statement ran. The first value per id and mark is kept.
 */
final class StageTimestamps implements AutoCloseable {
    /** A record's mark in ms (epoch ms for a time), or empty when the record carries none. */
    interface StageTime extends Function<ConsumerRecord<byte[], byte[]>, Optional<Long>> {}

    /** A mark: the topic whose records carry it, and how to read it. */
    record Mark(String topic, StageTime reading) {}

    /** The broker's append time: right on a topic with {@code message.timestamp.type=LogAppendTime}. */
    static final StageTime APPENDED = r -> Optional.of(r.timestamp());

    private final Map<String, Map<String, Long>> byMark = new ConcurrentHashMap<>();
    private final TopicTail tail;

    StageTimestamps(String bootstrapServers, Map<String, Mark> marks) {
        marks.keySet().forEach(name -> byMark.put(name, new ConcurrentHashMap<>()));
        List<String> topics =
                marks.values().stream().map(Mark::topic).distinct().toList();
        tail = new TopicTail(
                Map.of(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
                topics,
                TopicTail.From.BEGINNING,
                "bench-stage-timestamps",
                records -> {
                    for (ConsumerRecord<byte[], byte[]> r : records) {
                        if (r.key() == null || r.value() == null) continue;
                        String id = new String(r.key(), StandardCharsets.UTF_8);
                        marks.forEach((name, mark) -> {
                            if (mark.topic().equals(r.topic()))
                                mark.reading().apply(r).ifPresent(ms -> byMark.get(name)
                                        .putIfAbsent(id, ms));
                        });
                    }
                });
    }

    /** Question id to its value of the mark {@code name}, as read so far. */
    Map<String, Long> of(String name) {
        Map<String, Long> values = byMark.get(name);
        if (values == null) throw new IllegalArgumentException(name + " is not read here");
        return Map.copyOf(values);
    }

    @Override
    public void close() {
        tail.close();
    }
}
