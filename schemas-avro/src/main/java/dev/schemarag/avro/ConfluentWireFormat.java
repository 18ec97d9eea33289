package dev.schemarag.avro;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.kafka.common.errors.SerializationException;

/**
 * The Confluent wire format: magic byte {@code 0}, the 4-byte big-endian schema id, then the Avro binary body.
 * Keeping it byte-compatible lets Confluent tooling (and its serdes) read our topics.
 */
public final class ConfluentWireFormat {
    public static final byte MAGIC_BYTE = 0;
    public static final int HEADER_LENGTH = 5;

    private ConfluentWireFormat() {}

    /** A decoded message: the writer's schema id and the Avro binary body. */
    public record Framed(int schemaId, byte[] body) {}

    public static byte[] frame(int schemaId, byte[] avroBody) {
        return ByteBuffer.allocate(HEADER_LENGTH + avroBody.length)
                .put(MAGIC_BYTE)
                .putInt(schemaId)
                .put(avroBody)
                .array();
    }

    /** Splits framed bytes; throws {@link SerializationException} naming the topic when they are not ours. */
    public static Framed unframe(String topic, byte[] bytes) {
        if (bytes.length < HEADER_LENGTH) {
            throw new SerializationException("Cannot deserialize " + bytes.length + " bytes from topic " + topic
                    + ": shorter than the 5-byte Confluent wire-format header (magic byte + schema id)");
        }
        if (bytes[0] != MAGIC_BYTE) {
            throw new SerializationException(
                    "Cannot deserialize record from topic " + topic + ": unknown magic byte " + bytes[0] + " (expected "
                            + MAGIC_BYTE + "); the record was not written in the Confluent Avro wire format");
        }
        int schemaId = ByteBuffer.wrap(bytes, 1, 4).getInt();
        return new Framed(schemaId, Arrays.copyOfRange(bytes, HEADER_LENGTH, bytes.length));
    }
}
