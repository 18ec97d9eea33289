package dev.schemarag.examples;

import dev.schemarag.avro.AvroSerde;
import dev.schemarag.avro.SchemaRegistryClient;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * An app that asks SchemaRAG a question with nothing but kafka-clients and the Avro serde: it produces a
 * {@code QuestionAsked} keyed by a fresh id and reads the outcome carrying that id, the {@code AnswerValidated} on
 * {@code answers} or the {@code FailureRecord} on a {@code dlq.*} topic. It reads from the topics' current end with
 * assigned partitions and no consumer group, so it never disturbs the services.
 *
 * <p>Run: {@code java ... QuestionClientExample <db> "<question>"} with the pipeline running ({@code ./schemarag up}).
 */
public final class QuestionClientExample {

    /** What closed a question: exactly one of {@code answer} and {@code failure}. */
    public record Outcome(String questionId, AnswerValidated answer, FailureRecord failure) {}

    private QuestionClientExample() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: QuestionClientExample <database id> <question>");
            System.exit(2);
        }
        Optional<Outcome> outcome = ask(SchemaRagTopics.fromEnvironment(), args[0], args[1], Duration.ofSeconds(120));
        if (outcome.isEmpty()) System.out.println("no outcome within 120 s: is the pipeline running?");
        else if (outcome.get().answer() != null)
            System.out.println(outcome.get().answer().getSql());
        else
            System.out.println("failed: " + outcome.get().failure().getErrorClass() + ": "
                    + outcome.get().failure().getMessage());
    }

    /** Asks and waits up to {@code timeout}; empty when nothing closed the question in time. */
    public static Optional<Outcome> ask(SchemaRagTopics topics, String databaseId, String question, Duration timeout)
            throws Exception {
        SchemaRegistryClient registry = topics.registry();
        AvroSerde<AnswerValidated> answers = AvroSerde.forValue(AnswerValidated.class, registry);
        AvroSerde<FailureRecord> failures = AvroSerde.forValue(FailureRecord.class, registry);
        Map<String, Object> consumerConfig = topics.clientConfig();
        // The pipeline writes in transactions: read only what it committed.
        consumerConfig.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        Map<String, Object> producerConfig = topics.clientConfig();
        producerConfig.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaConsumer<String, byte[]> consumer =
                        new KafkaConsumer<>(consumerConfig, new StringDeserializer(), new ByteArrayDeserializer());
                KafkaProducer<String, QuestionAsked> producer = new KafkaProducer<>(
                        producerConfig,
                        new StringSerializer(),
                        AvroSerde.forValue(QuestionAsked.class, registry).serializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            consumer.listTopics().forEach((name, infos) -> {
                if (name.equals(topics.answers()) || name.startsWith(topics.deadLetterPrefix()))
                    infos.forEach(p -> partitions.add(new TopicPartition(name, p.partition())));
            });
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            partitions.forEach(consumer::position); // fix the start before the question is sent

            String id = UUID.randomUUID().toString();
            QuestionAsked asked = QuestionAsked.newBuilder()
                    .setId(id)
                    .setDatabaseId(databaseId)
                    .setQuestion(question)
                    .setCorrelationId(id)
                    .setTimestamp(Instant.now())
                    .build();
            producer.send(new ProducerRecord<>(topics.questions(), id, asked)).get();

            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    if (r.topic().equals(topics.answers())) {
                        AnswerValidated a = answers.deserializer().deserialize(r.topic(), r.value());
                        if (id.equals(a.getCorrelationId())) return Optional.of(new Outcome(id, a, null));
                    } else {
                        FailureRecord f = failures.deserializer().deserialize(r.topic(), r.value());
                        if (id.equals(f.getCorrelationId())) return Optional.of(new Outcome(id, null, f));
                    }
                }
            }
            return Optional.empty();
        }
    }
}
