package dev.schemarag.core.kafka;

import dev.schemarag.events.FailureRecord;

import java.nio.ByteBuffer;
import java.time.Instant;

/** Builds {@link FailureRecord}s: the cause in words, plus enough of the original record to replay it. */
public final class Failures {
    private Failures() {}

    /** A failure of one stage, without source coordinates (the caller adds them when it has them). */
    public static FailureRecord.Builder failure(String stage, String errorClass, String message) {
        return FailureRecord.newBuilder()
                .setStage(stage)
                .setErrorClass(errorClass)
                .setMessage(message == null ? "(no message)" : message)
                .setAttempt(1)
                .setTimestamp(Instant.now());
    }

    /** The same, with the original topic, partition, offset, key and value bytes. */
    public static FailureRecord.Builder failure(String stage, String errorClass, String message,
                                                String topic, int partition, long offset, byte[] key, byte[] value) {
        return failure(stage, errorClass, message)
                .setOriginalTopic(topic)
                .setOriginalPartition(partition)
                .setOriginalOffset(offset)
                .setOriginalKey(key == null ? null : ByteBuffer.wrap(key))
                .setOriginalValue(value == null ? null : ByteBuffer.wrap(value));
    }

    /** The exception and its root cause in one line: what an operator needs first. */
    public static String describe(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        String head = error.getClass().getSimpleName() + ": " + error.getMessage();
        return root == error ? head : head + " (cause: " + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
    }
}
