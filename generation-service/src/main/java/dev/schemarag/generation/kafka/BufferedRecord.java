package dev.schemarag.generation.kafka;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.Failures;
import dev.schemarag.events.FailureRecord;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A record waiting in a {@link BufferedProcessor}'s state store for its run: the input record as it came (key and
 * value bytes, timestamp) and where it came from, so that its outcome keeps the record's timestamp and a dead letter
 * can be replayed from the original bytes, even after a restart restored it from the changelog.
 *
 * @param key the record key's UTF-8 bytes, or null
 */
record BufferedRecord(String topic, int partition, long offset, long timestamp, byte[] key, byte[] value) {
    private static final byte VERSION = 1;

    static final Serde<BufferedRecord> SERDE = Serdes.serdeFrom(new Encoder(), new Decoder());

    /** A failure of this record, with its coordinates and bytes for a replay. */
    FailureRecord.Builder failure(Stage stage, ErrorClass errorClass, String message) {
        return Failures.failure(stage, errorClass, message, topic, partition, offset, key, value);
    }

    private static final class Encoder implements Serializer<BufferedRecord> {
        @Override
        public byte[] serialize(String topic, BufferedRecord q) {
            if (q == null) return null;
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeByte(VERSION);
                out.writeUTF(q.topic);
                out.writeInt(q.partition);
                out.writeLong(q.offset);
                out.writeLong(q.timestamp);
                writeBytes(out, q.key);
                writeBytes(out, q.value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        }

        private static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
            out.writeInt(bytes == null ? -1 : bytes.length);
            if (bytes != null) out.write(bytes);
        }
    }

    private static final class Decoder implements Deserializer<BufferedRecord> {
        @Override
        public BufferedRecord deserialize(String topic, byte[] data) {
            if (data == null) return null;
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
                byte version = in.readByte();
                if (version != VERSION) throw new SerializationException("unknown buffered record version " + version);
                return new BufferedRecord(
                        in.readUTF(), in.readInt(), in.readLong(), in.readLong(), readBytes(in), readBytes(in));
            } catch (IOException e) {
                throw new SerializationException("unreadable buffered record", e);
            }
        }

        private static byte[] readBytes(DataInputStream in) throws IOException {
            int length = in.readInt();
            if (length < 0) return null;
            if (length > in.available()) throw new SerializationException("truncated buffered record");
            return in.readNBytes(length);
        }
    }
}
