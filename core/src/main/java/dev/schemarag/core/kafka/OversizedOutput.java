package dev.schemarag.core.kafka;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.events.FailureRecord;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.streams.StreamsConfig;

/**
 * The dead letter of an output record the producer refused as too large. It keeps only a prefix of the output's
 * key and value, so that it can never be refused itself, and the coordinates of the input record that produced it,
 * so that an operator can find the whole input.
 */
final class OversizedOutput {
    /** The most of an output value a dead letter keeps: enough to recognise the record, far below any request limit. */
    static final int MAX_KEPT_BYTES = 64 * 1024;
    /** Key, value and the DLQ record's own key each keep at most an eighth of the limit: the rest is headroom. */
    private static final int SHARES_OF_THE_LIMIT = 8;

    private static final int DEFAULT_MAX_REQUEST_SIZE = 1024 * 1024;

    private OversizedOutput() {}

    /** Bytes kept of an oversized key or value, given the Streams configs (the producer's max.request.size). */
    static int keptBytes(Map<String, ?> streamsConfigs) {
        Object limit = streamsConfigs.get(StreamsConfig.producerPrefix(ProducerConfig.MAX_REQUEST_SIZE_CONFIG));
        if (limit == null) limit = streamsConfigs.get(ProducerConfig.MAX_REQUEST_SIZE_CONFIG);
        int maxRequestSize = limit == null
                ? DEFAULT_MAX_REQUEST_SIZE
                : Integer.parseInt(limit.toString().trim());
        return Math.min(MAX_KEPT_BYTES, maxRequestSize / SHARES_OF_THE_LIMIT);
    }

    /**
     * @param sourceTopic the input record's topic, or {@code null} when the output has no input record (punctuation)
     */
    static FailureRecord failure(
            Stage stage,
            String sourceTopic,
            int sourcePartition,
            long sourceOffset,
            ProducerRecord<byte[], byte[]> output,
            Exception cause,
            int keptBytes) {
        byte[] value = output.value();
        FailureRecord.Builder failure = Failures.failure(stage, ErrorClass.OUTPUT_TOO_LARGE, Failures.describe(cause));
        if (sourceTopic != null)
            failure.setOriginalTopic(sourceTopic)
                    .setOriginalPartition(sourcePartition)
                    .setOriginalOffset(sourceOffset);
        return failure.setOriginalKey(output.key() == null ? null : ByteBuffer.wrap(prefix(output.key(), keptBytes)))
                .setOriginalValue(value == null ? null : ByteBuffer.wrap(prefix(value, keptBytes)))
                .setContext(String.format(
                        Locale.ROOT,
                        "output to %s: value of %d bytes, first %d kept; key of %d bytes",
                        output.topic(),
                        length(value),
                        Math.min(length(value), keptBytes),
                        length(output.key())))
                .build();
    }

    /** At most the first {@code keptBytes} bytes; {@code null} stays {@code null}. */
    static byte[] prefix(byte[] bytes, int keptBytes) {
        return bytes == null || bytes.length <= keptBytes ? bytes : Arrays.copyOf(bytes, keptBytes);
    }

    private static int length(byte[] bytes) {
        return bytes == null ? 0 : bytes.length;
    }
}
