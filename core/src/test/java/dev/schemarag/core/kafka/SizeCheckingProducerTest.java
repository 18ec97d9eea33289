package dev.schemarag.core.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

class SizeCheckingProducerTest {
    private static final int LIMIT = 64 * 1024;

    private final MockProducer<byte[], byte[]> kafka =
            new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
    private final SizeCheckingProducer producer = new SizeCheckingProducer(kafka, LIMIT);
    private final List<Exception> callbacks = new ArrayList<>();

    @Test
    void aRecordOverTheLimitFailsAloneAndTheTransactionStillCommits() {
        producer.initTransactions();
        producer.beginTransaction();
        ProducerRecord<byte[], byte[]> large = new ProducerRecord<>("out", "k".getBytes(), new byte[LIMIT]);
        ProducerRecord<byte[], byte[]> small = new ProducerRecord<>("dlq", "k".getBytes(), new byte[100]);

        Future<?> refused = producer.send(large, (metadata, e) -> callbacks.add(e));
        producer.send(small, (metadata, e) -> callbacks.add(e));
        producer.commitTransaction();

        assertThat(callbacks).hasSize(2);
        assertThat(callbacks.get(0))
                .isInstanceOf(RecordTooLargeException.class)
                .hasMessageContaining("more than 65536, the value of the max.request.size configuration");
        assertThat(callbacks.get(1)).isNull();
        assertThatThrownBy(refused::get)
                .isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(RecordTooLargeException.class);
        assertThat(kafka.history()).containsExactly(small);
        assertThat(kafka.transactionCommitted()).isTrue();
    }

    @Test
    void aRecordWithinTheLimitIsSent() {
        ProducerRecord<byte[], byte[]> record =
                new ProducerRecord<>("out", null, new byte[LIMIT - SizeCheckingProducer.RECORD_OVERHEAD]);

        producer.send(record);

        assertThat(kafka.history()).containsExactly(record);
    }

    @Test
    void headersCountTowardsTheSize() {
        ProducerRecord<byte[], byte[]> record =
                new ProducerRecord<>("out", null, new byte[LIMIT - SizeCheckingProducer.RECORD_OVERHEAD]);
        record.headers().add("trace", new byte[100]);

        producer.send(record, (metadata, e) -> callbacks.add(e));

        assertThat(callbacks).singleElement().isInstanceOf(RecordTooLargeException.class);
        assertThat(kafka.history()).isEmpty();
    }
}
