package dev.schemarag.app;

import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.SqlGenerated;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
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
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code schemarag dlq list|show|replay [class]}: inspect dead-letter topics and send their records back. */
@Command(
        name = "dlq",
        description =
                "Inspect dead-letter topics (list, show <class>) and replay a class to the start of the pipeline.")
final class DlqCommand implements Callable<Integer> {
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

    enum Action {
        list,
        show,
        replay
    }

    @Parameters(index = "0", description = "list, show or replay")
    Action action;

    @Parameters(index = "1", arity = "0..1", description = "dead-letter class, e.g. query_timeout, sql_error, ingest")
    String errorClass;

    @Override
    public Integer call() throws Exception {
        try (Services services = Services.fromEnvironment()) {
            Topics topics = services.topics();
            if (action == Action.list) {
                for (DeadLetterTopic dlq : DeadLetterTopic.values()) {
                    DeadLetters read = read(services, topics.deadLetter(dlq));
                    System.out.printf(
                            Locale.ROOT,
                            "%-24s %6d%s%n",
                            dlq.wireName(),
                            read.records().size(),
                            read.undecodable().isEmpty()
                                    ? ""
                                    : " (+" + read.undecodable().size() + " undecodable)");
                }
                return 0;
            }
            if (errorClass == null)
                throw new IllegalArgumentException("dlq " + action + " needs a class, e.g. sql_error");
            Topic<String, FailureRecord> topic = topics.deadLetter(DeadLetterTopic.byWireName(errorClass));
            DeadLetters read = read(services, topic);
            read.undecodable().forEach(at -> System.out.println("undecodable record at " + at));
            List<FailureRecord> records = read.records();
            if (action == Action.show) {
                records.forEach(f -> System.out.printf(
                        Locale.ROOT,
                        "%s %s %s%s attempt %d question %s correlation %s: %s%n",
                        f.getTimestamp(),
                        f.getStage(),
                        f.getErrorClass(),
                        f.getSqlstate() == null ? "" : " [" + f.getSqlstate() + "]",
                        f.getAttempt(),
                        questionId(topics, f),
                        f.getCorrelationId() == null ? "-" : f.getCorrelationId(),
                        f.getMessage()));
                return 0;
            }
            int replayed = replay(services, topics, records);
            System.out.println("replayed " + replayed + " of " + records.size() + " record(s) from " + topic.name());
            records.stream()
                    .filter(DlqCommand::outputTooLarge)
                    .forEach(f -> System.out.printf(
                            Locale.ROOT,
                            "not replayed: %s from %s partition %d offset %d keeps only a prefix of its output; resend that input%n",
                            ErrorClass.OUTPUT_TOO_LARGE.wireName(),
                            f.getOriginalTopic(),
                            f.getOriginalPartition(),
                            f.getOriginalOffset()));
            return 0;
        }
    }

    /** What a dead-letter topic holds: the records that decode, and where the ones that do not are ("partition-offset"). */
    record DeadLetters(List<FailureRecord> records, List<String> undecodable) {}

    /** Sends each failure's question back to the questions topic (raw bytes to their original topic otherwise). */
    private static int replay(Services services, Topics topics, List<FailureRecord> records) throws Exception {
        int sent = 0;
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(
                services.security().clientConfig(services.bootstrapServers()),
                new ByteArraySerializer(),
                new ByteArraySerializer())) {
            for (FailureRecord f : records) {
                if (f.getOriginalValue() == null || f.getOriginalTopic() == null || outputTooLarge(f)) continue;
                byte[] value = bytes(f.getOriginalValue());
                byte[] key = f.getOriginalKey() == null ? null : bytes(f.getOriginalKey());
                QuestionAsked question = questionOf(topics, f.getOriginalTopic(), value);
                if (question != null) {
                    String name = topics.questions().name();
                    producer.send(new ProducerRecord<>(
                                    name,
                                    question.getId().getBytes(java.nio.charset.StandardCharsets.UTF_8),
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

    /** Its original value is a cut prefix of the output, not the input: sending it back would only fail again. */
    private static boolean outputTooLarge(FailureRecord f) {
        return ErrorClass.OUTPUT_TOO_LARGE.wireName().equals(f.getErrorClass());
    }

    private static QuestionAsked questionOf(Topics topics, String topic, byte[] value) {
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

    private static String questionId(Topics topics, FailureRecord f) {
        if (f.getOriginalValue() == null || f.getOriginalTopic() == null) return "-";
        QuestionAsked question = questionOf(topics, f.getOriginalTopic(), bytes(f.getOriginalValue()));
        return question == null ? "-" : question.getId();
    }

    /**
     * Reads a topic up to the end offsets it had when reading began. Only committed records count (the services
     * run exactly-once, so an aborted transaction's dead letters were never written), and the wait is bounded so that an unreachable partition cannot hang
     * the command; a record that does not decode is reported rather than failing the rest.
     */
    private static DeadLetters read(Services services, Topic<String, FailureRecord> topic) {
        List<FailureRecord> records = new ArrayList<>();
        List<String> undecodable = new ArrayList<>();
        Map<String, Object> config = services.security().clientConfig(services.bootstrapServers());
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
            long deadline = System.nanoTime() + READ_TIMEOUT.toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                if (System.nanoTime() > deadline) {
                    System.err.println("stopped reading " + topic.name() + " after " + READ_TIMEOUT.toSeconds()
                            + " s before its end; the counts are partial");
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
        return new DeadLetters(records, undecodable);
    }
}
