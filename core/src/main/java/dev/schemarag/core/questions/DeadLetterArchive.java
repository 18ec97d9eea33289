package dev.schemarag.core.questions;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.SqlGenerated;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * The dead-letter topics as an operator sees them: what a topic holds, and sending its records back to the start of
 * the pipeline. Shared by {@code schemarag dlq} and the web console.
 */
public final class DeadLetterArchive {
    private final String bootstrapServers;
    private final KafkaClientSecurity security;
    private final Topics topics;

    public DeadLetterArchive(String bootstrapServers, KafkaClientSecurity security, Topics topics) {
        this.bootstrapServers = bootstrapServers;
        this.security = security;
        this.topics = topics;
    }

    /**
     * What a dead-letter topic holds: the records that decode, where the ones that do not are ("partition-offset"),
     * and whether reading stopped at its time limit before the end.
     */
    public record DeadLetters(List<FailureRecord> records, List<String> undecodable, boolean partial) {}

    /**
     * Reads a topic up to the end offsets it had when reading began. Only committed records count (the services
     * run exactly-once, so an aborted transaction's dead letters were never written), and the wait is bounded so
     * that an unreachable partition cannot hang the caller; a record that does not decode is reported rather than
     * failing the rest.
     */
    public DeadLetters read(Topic<String, FailureRecord> topic, Duration timeout) {
        List<FailureRecord> records = new ArrayList<>();
        List<String> undecodable = new ArrayList<>();
        boolean partial = false;
        Map<String, Object> config = security.clientConfig(bootstrapServers);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic.name()).stream()
                    .map(p -> new TopicPartition(topic.name(), p.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            Deserializer<FailureRecord> failures = topic.valueSerde().deserializer();
            long deadline = System.nanoTime() + timeout.toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                if (System.nanoTime() > deadline) {
                    partial = true;
                    break;
                }
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(500))) {
                    if (r.offset() >= end.get(new TopicPartition(r.topic(), r.partition()))) continue;
                    try {
                        records.add(failures.deserialize(r.topic(), r.value()));
                    } catch (RuntimeException e) {
                        undecodable.add(r.partition() + "-" + r.offset());
                    }
                }
            }
        }
        return new DeadLetters(records, undecodable, partial);
    }

    /**
     * Sends each failure's question back to the questions topic (raw bytes to their original topic otherwise), and
     * returns how many were sent. Records without their input, and {@code output_too_large} ones, are skipped.
     */
    public int replay(List<FailureRecord> records) throws InterruptedException, ExecutionException {
        int sent = 0;
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(
                security.clientConfig(bootstrapServers), new ByteArraySerializer(), new ByteArraySerializer())) {
            for (FailureRecord f : records) {
                if (!replayable(f)) continue;
                byte[] value = bytes(f.getOriginalValue());
                byte[] key = f.getOriginalKey() == null ? null : bytes(f.getOriginalKey());
                QuestionAsked question = questionOf(f.getOriginalTopic(), value);
                if (question != null) {
                    String name = topics.questions().name();
                    producer.send(new ProducerRecord<>(
                                    name,
                                    question.getId().getBytes(StandardCharsets.UTF_8),
                                    topics.questions().valueSerde().serializer().serialize(name, question)))
                            .get();
                } else {
                    producer.send(new ProducerRecord<>(f.getOriginalTopic(), key, value))
                            .get();
                }
                sent++;
            }
        }
        return sent;
    }

    /** Whether {@link #replay} would send it: it carries its input, and that input is not a cut output. */
    public static boolean replayable(FailureRecord f) {
        return f.getOriginalValue() != null && f.getOriginalTopic() != null && !outputTooLarge(f);
    }

    /** Its original value is a cut prefix of the output, not the input: sending it back would only fail again. */
    public static boolean outputTooLarge(FailureRecord f) {
        return ErrorClass.OUTPUT_TOO_LARGE.wireName().equals(f.getErrorClass());
    }

    /** The question the failure closed, or null when its input is not (readable as) a question. */
    public QuestionAsked question(FailureRecord f) {
        if (f.getOriginalValue() == null || f.getOriginalTopic() == null) return null;
        return questionOf(f.getOriginalTopic(), bytes(f.getOriginalValue()));
    }

    /** The question a failure's input carries, whichever stage it failed in. */
    public QuestionAsked questionOf(String topic, byte[] value) {
        try {
            if (topic.equals(topics.questions().name()))
                return topics.questions().valueSerde().deserializer().deserialize(topic, value);
            if (topic.equals(topics.contextRetrieved().name())) {
                ContextRetrieved c =
                        topics.contextRetrieved().valueSerde().deserializer().deserialize(topic, value);
                return c.getQuestion();
            }
            if (topic.equals(topics.sqlGenerated().name())) {
                SqlGenerated s =
                        topics.sqlGenerated().valueSerde().deserializer().deserialize(topic, value);
                return s.getContext().getQuestion();
            }
        } catch (RuntimeException unreadable) {
            return null; // a poison record goes back as it came
        }
        return null;
    }

    private static byte[] bytes(ByteBuffer buffer) {
        ByteBuffer copy = buffer.duplicate();
        byte[] bytes = new byte[copy.remaining()];
        copy.get(bytes);
        return bytes;
    }
}
