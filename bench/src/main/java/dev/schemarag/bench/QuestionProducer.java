package dev.schemarag.bench;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Sends a benchmark's questions at a steady rate, keyed by their ids. Idempotent, with delivery and blocking
 * timeouts long enough to outlast a broker restart: a question counts as sent once the broker acknowledged it.
 */
final class QuestionProducer implements AutoCloseable {
    /** Question number {@code index}, as sent {@code now}. */
    @FunctionalInterface
    interface QuestionSource {
        ChaosQuestions.Question next(int index, Instant now);
    }

    private static final int OUTAGE_TOLERANCE_MS = 300_000;

    private final String topic;
    private final QuestionSource questions;
    private final Supplier<QuestionLedger> ledger;
    private final long periodNanos;
    private final KafkaProducer<String, byte[]> producer;
    private final ExecutorService sender = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "bench-question-producer");
        thread.setDaemon(true);
        return thread;
    });
    private final AtomicInteger handedOver = new AtomicInteger();
    private int next;

    QuestionProducer(
            String bootstrapServers,
            String topic,
            QuestionSource questions,
            Supplier<QuestionLedger> ledger,
            double questionsPerSecond) {
        this.topic = topic;
        this.questions = questions;
        this.ledger = ledger;
        this.periodNanos = (long) (1e9 / questionsPerSecond);
        Map<String, Object> config = new HashMap<>();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, OUTAGE_TOLERANCE_MS);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, OUTAGE_TOLERANCE_MS);
        producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
        // The topic's metadata now: a question's send time is taken before send(), which would otherwise block the
        // first question on this producer's own metadata request and count it as the pipeline's latency.
        producer.partitionsFor(topic);
    }

    /** Sends the next {@code count} questions, one every period, in the background; done when all are acknowledged. */
    CompletableFuture<Void> sendAsync(int count) {
        return CompletableFuture.runAsync(
                () -> {
                    long start = System.nanoTime();
                    for (int i = 0; i < count; i++) {
                        long due = start + i * periodNanos;
                        long wait = due - System.nanoTime();
                        if (wait > 0) sleep(wait);
                        send();
                    }
                    producer.flush();
                },
                sender);
    }

    /** Questions handed to the producer so far, acknowledged or not. */
    int handedOver() {
        return handedOver.get();
    }

    private void send() {
        ChaosQuestions.Question q = questions.next(next++, Instant.now());
        long sentAt = System.currentTimeMillis();
        QuestionLedger current = ledger.get();
        producer.send(new ProducerRecord<>(topic, q.id(), q.bytes()), (metadata, error) -> {
            if (error == null) current.sent(q, sentAt);
            else current.sendFailed();
        });
        handedOver.incrementAndGet();
    }

    private static void sleep(long nanos) {
        try {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while pacing questions", e);
        }
    }

    @Override
    public void close() {
        sender.shutdownNow();
        producer.close();
    }
}
