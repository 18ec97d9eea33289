package dev.schemarag.app;

import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the answers and every dead-letter topic from the beginning with {@code read_committed}, as a consumer of the
 * pipeline would, and records each output into the current ledger when it is read. A record that cannot be decoded
 * yet (the registry may be down) is kept and decoded again later, with the time it was read.
 */
final class OutcomeReader implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OutcomeReader.class);

    private record Raw(ConsumerRecord<byte[], byte[]> record, long observedAtMs) {}

    private final Topics topics;
    private final Supplier<QuestionLedger> ledger;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Map<String, DeadLetterTopic> deadLetters = new HashMap<>();
    private final List<Raw> undecoded = new ArrayList<>();
    private final Thread reader;
    private volatile boolean running = true;

    OutcomeReader(String bootstrapServers, Topics topics, Supplier<QuestionLedger> ledger) {
        this.topics = topics;
        this.ledger = ledger;
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        List<String> names = new ArrayList<>(List.of(topics.answers().name()));
        for (DeadLetterTopic dlq : DeadLetterTopic.values()) {
            deadLetters.put(topics.deadLetter(dlq).name(), dlq);
            names.add(topics.deadLetter(dlq).name());
        }
        List<TopicPartition> partitions = new ArrayList<>();
        for (String name : names)
            consumer.partitionsFor(name).forEach(p -> partitions.add(new TopicPartition(name, p.partition())));
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        reader = new Thread(this::read, "bench-outcome-reader");
        reader.setDaemon(true);
        reader.start();
    }

    private void read() {
        try {
            while (running) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200)))
                    record(new Raw(r, System.currentTimeMillis()));
                retryUndecoded();
            }
        } catch (WakeupException closing) {
            // close() woke the poll
        } catch (RuntimeException e) {
            LOG.error("the benchmark's outcome reader stopped: {}", e.toString(), e);
        } finally {
            consumer.close();
        }
    }

    private void record(Raw raw) {
        try {
            ledger.get().output(decode(raw));
        } catch (RuntimeException notYet) {
            synchronized (undecoded) {
                undecoded.add(raw);
            }
        }
    }

    private void retryUndecoded() {
        List<Raw> again;
        synchronized (undecoded) {
            if (undecoded.isEmpty()) return;
            again = new ArrayList<>(undecoded);
            undecoded.clear();
        }
        again.forEach(this::record);
    }

    /** How many outputs could not be decoded yet. */
    int undecodedCount() {
        synchronized (undecoded) {
            return undecoded.size();
        }
    }

    private QuestionLedger.Output decode(Raw raw) {
        ConsumerRecord<byte[], byte[]> r = raw.record();
        String key = r.key() == null ? null : new String(r.key(), StandardCharsets.UTF_8);
        DeadLetterTopic dlq = deadLetters.get(r.topic());
        if (dlq == null) {
            AnswerValidated a = topics.answers().valueSerde().deserializer().deserialize(r.topic(), r.value());
            return new QuestionLedger.Output(a.getCorrelationId(), null, null, null, raw.observedAtMs());
        }
        FailureRecord f = topics.deadLetter(dlq).valueSerde().deserializer().deserialize(r.topic(), r.value());
        // An unreadable question has no correlation id: its key, the question id, is kept with its bytes.
        String id = f.getCorrelationId() != null ? f.getCorrelationId() : key;
        return new QuestionLedger.Output(id, dlq, f.getErrorClass(), bytes(f.getOriginalValue()), raw.observedAtMs());
    }

    private static byte[] bytes(ByteBuffer buffer) {
        if (buffer == null) return null;
        ByteBuffer copy = buffer.duplicate();
        byte[] bytes = new byte[copy.remaining()];
        copy.get(bytes);
        return bytes;
    }

    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            reader.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
