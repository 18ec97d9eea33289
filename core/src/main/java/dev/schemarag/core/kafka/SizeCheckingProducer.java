package dev.schemarag.core.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.metrics.KafkaMetric;

/**
 * A producer that refuses a record larger than {@code max.request.size} before the Kafka producer sees it. The Kafka
 * producer refuses such a record too, but a transactional one then also moves its transaction into an abortable
 * error: under exactly-once, Kafka Streams aborts and stops even when the production exception handler chose to
 * continue. Refused here, the record fails alone: its callback gets the {@link RecordTooLargeException}, and the
 * handler's dead letter goes out in a transaction that still commits.
 */
final class SizeCheckingProducer implements Producer<byte[], byte[]> {
    /**
     * Bytes a record takes beyond its key, value and headers, rounded well up: the batch header (61) and a record's
     * length, attributes, deltas and varints. Erring high only refuses a record within this margin of the limit.
     */
    static final int RECORD_OVERHEAD = 512;

    private final Producer<byte[], byte[]> delegate;
    private final int maxRequestSize;

    SizeCheckingProducer(Producer<byte[], byte[]> delegate, int maxRequestSize) {
        this.delegate = delegate;
        this.maxRequestSize = maxRequestSize;
    }

    @Override
    public Future<RecordMetadata> send(ProducerRecord<byte[], byte[]> record) {
        return send(record, null);
    }

    @Override
    public Future<RecordMetadata> send(ProducerRecord<byte[], byte[]> record, Callback callback) {
        long size = estimatedSize(record);
        if (size <= maxRequestSize) return delegate.send(record, callback);
        RecordTooLargeException tooLarge =
                new RecordTooLargeException("The record is about " + size + " bytes when serialized, more than "
                        + maxRequestSize + ", the value of the max.request.size configuration.");
        if (callback != null) {
            TopicPartition partition =
                    new TopicPartition(record.topic(), record.partition() == null ? -1 : record.partition());
            callback.onCompletion(new RecordMetadata(partition, -1, -1, -1, -1, -1), tooLarge);
        }
        return CompletableFuture.failedFuture(tooLarge);
    }

    /** An upper bound of the record's size as the producer measures it against {@code max.request.size}. */
    static long estimatedSize(ProducerRecord<byte[], byte[]> record) {
        long size = RECORD_OVERHEAD + length(record.key()) + length(record.value());
        for (Header header : record.headers())
            size += header.key().getBytes(StandardCharsets.UTF_8).length + length(header.value()) + 10;
        return size;
    }

    private static int length(byte[] bytes) {
        return bytes == null ? 0 : bytes.length;
    }

    @Override
    public void initTransactions() {
        delegate.initTransactions();
    }

    @Override
    public void beginTransaction() {
        delegate.beginTransaction();
    }

    @Override
    public void sendOffsetsToTransaction(Map<TopicPartition, OffsetAndMetadata> offsets, ConsumerGroupMetadata group) {
        delegate.sendOffsetsToTransaction(offsets, group);
    }

    @Override
    public void commitTransaction() {
        delegate.commitTransaction();
    }

    @Override
    public void abortTransaction() {
        delegate.abortTransaction();
    }

    @Override
    public void registerMetricForSubscription(KafkaMetric metric) {
        delegate.registerMetricForSubscription(metric);
    }

    @Override
    public void unregisterMetricFromSubscription(KafkaMetric metric) {
        delegate.unregisterMetricFromSubscription(metric);
    }

    @Override
    public void flush() {
        delegate.flush();
    }

    @Override
    public List<PartitionInfo> partitionsFor(String topic) {
        return delegate.partitionsFor(topic);
    }

    @Override
    public Map<MetricName, ? extends Metric> metrics() {
        return delegate.metrics();
    }

    @Override
    public Uuid clientInstanceId(Duration timeout) {
        return delegate.clientInstanceId(timeout);
    }

    @Override
    public void close() {
        delegate.close();
    }

    @Override
    public void close(Duration timeout) {
        delegate.close(timeout);
    }
}
