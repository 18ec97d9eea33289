package dev.schemarag.core.kafka;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.events.FailureRecord;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.processor.api.RecordMetadata;

/**
 * The one place {@link FailureRecord}s are built: stage and class by their wire names, the cause in words, plus enough
 * of the original record to replay it.
 */
public final class Failures {
    private Failures() {}

    /** A failure of one stage, without source coordinates (the caller adds them when it has them). */
    public static FailureRecord.Builder failure(Stage stage, ErrorClass errorClass, String message) {
        return FailureRecord.newBuilder()
                .setStage(stage.wireName())
                .setErrorClass(errorClass.wireName())
                .setMessage(message == null ? "(no message)" : message)
                .setAttempt(1)
                .setTimestamp(Instant.now());
    }

    /** The same, with the original topic, partition, offset, key and value bytes. */
    public static FailureRecord.Builder failure(
            Stage stage,
            ErrorClass errorClass,
            String message,
            String topic,
            int partition,
            long offset,
            byte[] key,
            byte[] value) {
        return failure(stage, errorClass, message)
                .setOriginalTopic(topic)
                .setOriginalPartition(partition)
                .setOriginalOffset(offset)
                .setOriginalKey(key == null ? null : ByteBuffer.wrap(key))
                .setOriginalValue(value == null ? null : ByteBuffer.wrap(value));
    }

    /**
     * The failure of the record a processor is working on: its source coordinates and its key and value bytes (the
     * value re-serialized with the source topic's serializer), so that a replay can send it again. Without source
     * metadata (a record from a punctuation) only the cause is recorded.
     */
    public static <V extends SpecificRecord> FailureRecord.Builder ofRecord(
            Stage stage,
            ErrorClass errorClass,
            String message,
            FixedKeyRecord<String, V> record,
            Optional<RecordMetadata> source,
            Serializer<V> valueBytes) {
        if (source.isEmpty()) return failure(stage, errorClass, message);
        RecordMetadata m = source.get();
        byte[] key = record.key() == null ? null : record.key().getBytes(StandardCharsets.UTF_8);
        return failure(
                stage,
                errorClass,
                message,
                m.topic(),
                m.partition(),
                m.offset(),
                key,
                valueBytes.serialize(m.topic(), record.value()));
    }

    /** The exception and its root cause in one line: what an operator needs first. */
    public static String describe(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        String head = error.getClass().getSimpleName() + ": " + error.getMessage();
        return root == error
                ? head
                : head + " (cause: " + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
    }
}
