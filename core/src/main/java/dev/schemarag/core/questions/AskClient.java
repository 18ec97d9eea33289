package dev.schemarag.core.questions;

import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QueryResult;
import dev.schemarag.events.QuestionAsked;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Publishes a question and waits for what closed it: the validated answer (with its rows when the answer is
 * executed), or the dead-letter record carrying the same correlation id. Reads the answer, result and dead-letter
 * topics from their current end, so old records are ignored.
 */
public final class AskClient implements AutoCloseable {

    /**
     * Exactly one of answer and failure is set; result is set with an answer that was executed. An executed answer
     * that then failed at execution is a failure.
     */
    public record Outcome(QuestionAsked question, AnswerValidated answer, QueryResult result, FailureRecord failure) {}

    private final Topics topics;
    private final KafkaProducer<String, QuestionAsked> producer;
    private final KafkaConsumer<String, byte[]> consumer;
    private final Map<String, Topic<String, ?>> watched = new HashMap<>();

    public AskClient(String bootstrapServers, KafkaClientSecurity security, Topics topics) {
        this.topics = topics;
        producer = new KafkaProducer<>(
                security.clientConfig(bootstrapServers),
                topics.questions().keySerde().serializer(),
                topics.questions().valueSerde().serializer());
        Map<String, Object> consumerConfig = security.clientConfig(bootstrapServers);
        consumerConfig.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        consumer = new KafkaConsumer<>(consumerConfig, new StringDeserializer(), new ByteArrayDeserializer());
        watched.put(topics.answers().name(), topics.answers());
        watched.put(topics.results().name(), topics.results());
        for (DeadLetterTopic dlq : DeadLetterTopic.values())
            watched.put(topics.deadLetter(dlq).name(), topics.deadLetter(dlq));
        List<TopicPartition> partitions = new ArrayList<>();
        Map<String, List<PartitionInfo>> topicsNow = consumer.listTopics(); // one metadata request, not one per topic
        for (String name : watched.keySet())
            topicsNow
                    .getOrDefault(name, List.of())
                    .forEach(p -> partitions.add(new TopicPartition(name, p.partition())));
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position); // fix the start now, before the question is sent
    }

    public QuestionAsked send(String databaseId, String question, Boolean useRetrieval) throws Exception {
        return send(databaseId, question, useRetrieval, false);
    }

    /** @param sqlOnly true for the validated SQL alone, not executed even where the database executes answers */
    public QuestionAsked send(String databaseId, String question, Boolean useRetrieval, boolean sqlOnly)
            throws Exception {
        return send(databaseId, question, useRetrieval, sqlOnly, null);
    }

    /**
     * @param principal who asks (null for none): the database's registration maps it to the role the answer is
     *     validated and executed as
     */
    public QuestionAsked send(
            String databaseId, String question, Boolean useRetrieval, boolean sqlOnly, String principal)
            throws Exception {
        String id = UUID.randomUUID().toString();
        QuestionAsked asked = QuestionAsked.newBuilder()
                .setId(id)
                .setDatabaseId(databaseId)
                .setQuestion(question)
                .setUseRetrieval(useRetrieval)
                .setSqlOnly(sqlOnly)
                .setPrincipal(principal)
                .setCorrelationId(id)
                .setTimestamp(Instant.now())
                .build();
        producer.send(new ProducerRecord<>(topics.questions().name(), id, asked))
                .get();
        return asked;
    }

    /** Waits for the answer or failure of each question sent, in any order. */
    public Map<String, Outcome> await(List<QuestionAsked> questions, Duration timeout) {
        Map<String, QuestionAsked> pending = new HashMap<>();
        questions.forEach(q -> pending.put(q.getCorrelationId(), q));
        Map<String, Outcome> done = new HashMap<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!pending.isEmpty() && System.nanoTime() < deadline) {
            for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                Object value = decode(r);
                // An executed answer ends with its result; its AnswerValidated only announces that rows follow.
                if (value instanceof AnswerValidated a && !a.getExecute() && pending.containsKey(a.getCorrelationId()))
                    done.put(a.getCorrelationId(), new Outcome(pending.remove(a.getCorrelationId()), a, null, null));
                else if (value instanceof QueryResult q && pending.containsKey(q.getCorrelationId()))
                    done.put(
                            q.getCorrelationId(),
                            new Outcome(pending.remove(q.getCorrelationId()), q.getAnswer(), q, null));
                else if (value instanceof FailureRecord f
                        && f.getCorrelationId() != null
                        && pending.containsKey(f.getCorrelationId()))
                    done.put(f.getCorrelationId(), new Outcome(pending.remove(f.getCorrelationId()), null, null, f));
            }
        }
        return done;
    }

    public Optional<Outcome> ask(String databaseId, String question, Boolean useRetrieval, Duration timeout)
            throws Exception {
        return ask(databaseId, question, useRetrieval, false, null, timeout);
    }

    /** @param principal who asks, or null: see {@link #send(String, String, Boolean, boolean, String)} */
    public Optional<Outcome> ask(
            String databaseId,
            String question,
            Boolean useRetrieval,
            boolean sqlOnly,
            String principal,
            Duration timeout)
            throws Exception {
        QuestionAsked asked = send(databaseId, question, useRetrieval, sqlOnly, principal);
        return Optional.ofNullable(await(List.of(asked), timeout).get(asked.getCorrelationId()));
    }

    private Object decode(ConsumerRecord<String, byte[]> r) {
        try {
            return watched.get(r.topic()).valueSerde().deserializer().deserialize(r.topic(), r.value());
        } catch (RuntimeException unreadable) {
            return null; // not ours to judge here: the record stays on its topic for operators
        }
    }

    @Override
    public void close() {
        producer.close();
        // No group, nothing to commit: not waiting for the fetch in flight saves up to fetch.max.wait.ms.
        consumer.close(CloseOptions.timeout(Duration.ZERO));
    }
}
