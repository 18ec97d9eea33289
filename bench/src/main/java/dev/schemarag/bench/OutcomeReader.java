package dev.schemarag.bench;

import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.TopicTail;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QueryResult;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Reads the answers, the results and every dead-letter topic ({@link TopicTail}) and records each output into the
 * current ledger when it is read: an answer with {@code execute} as one whose result is to come, a dead letter of the
 * execution stage as an execution failure. A record that cannot be decoded yet (the registry may be down) is kept and
 * decoded again later, with the time it was read.
 */
final class OutcomeReader implements AutoCloseable {
    private record Raw(ConsumerRecord<byte[], byte[]> record, long observedAtMs) {}

    private final Topics topics;
    private final Supplier<QuestionLedger> ledger;
    private final Map<String, DeadLetterTopic> deadLetters = new HashMap<>();
    private final List<Raw> undecoded = new ArrayList<>();
    private final TopicTail tail;
    private volatile Consumer<AnswerValidated> answerListener;

    OutcomeReader(String bootstrapServers, Topics topics, Supplier<QuestionLedger> ledger) {
        this.topics = topics;
        this.ledger = ledger;
        List<String> names = new ArrayList<>(
                List.of(topics.answers().name(), topics.results().name()));
        for (DeadLetterTopic dlq : DeadLetterTopic.values()) {
            deadLetters.put(topics.deadLetter(dlq).name(), dlq);
            names.add(topics.deadLetter(dlq).name());
        }
        tail = new TopicTail(
                Map.of(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
                names,
                TopicTail.From.BEGINNING,
                "bench-outcome-reader",
                records -> {
                    for (ConsumerRecord<byte[], byte[]> r : records) record(new Raw(r, System.currentTimeMillis()));
                    retryUndecoded();
                });
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

    /** Also hands every answer read from now on to {@code listener}; null to stop. */
    void onAnswer(Consumer<AnswerValidated> listener) {
        answerListener = listener;
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
        if (r.topic().equals(topics.results().name())) {
            QueryResult result = topics.results().valueSerde().deserializer().deserialize(r.topic(), r.value());
            return new QuestionLedger.Output(
                    result.getCorrelationId(), null, null, null, raw.observedAtMs(), QuestionLedger.Step.RESULT);
        }
        if (dlq == null) {
            AnswerValidated a = topics.answers().valueSerde().deserializer().deserialize(r.topic(), r.value());
            Consumer<AnswerValidated> listener = answerListener;
            if (listener != null) listener.accept(a);
            return new QuestionLedger.Output(
                    a.getCorrelationId(),
                    null,
                    null,
                    null,
                    raw.observedAtMs(),
                    a.getExecute() ? QuestionLedger.Step.EXECUTED_ANSWER : QuestionLedger.Step.ANSWER);
        }
        FailureRecord f = topics.deadLetter(dlq).valueSerde().deserializer().deserialize(r.topic(), r.value());
        // An unreadable question has no correlation id: its key, the question id, is kept with its bytes.
        String id = f.getCorrelationId() != null ? f.getCorrelationId() : key;
        QuestionLedger.Step step = Stage.EXECUTION.wireName().equals(f.getStage())
                ? QuestionLedger.Step.EXECUTION_FAILURE
                : QuestionLedger.Step.DEAD_LETTER;
        return new QuestionLedger.Output(
                id, dlq, f.getErrorClass(), bytes(f.getOriginalValue()), raw.observedAtMs(), step);
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
        tail.close();
    }
}
