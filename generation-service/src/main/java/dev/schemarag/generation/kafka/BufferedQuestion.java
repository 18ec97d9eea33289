package dev.schemarag.generation.kafka;

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
 * A question waiting in generation's state store for its pipeline run: the input record as it came (key and value
 * bytes, timestamp) and where it came from, so that its outcome keeps the record's timestamp and a dead letter can
 * be replayed from the original bytes, even after a restart restored it from the changelog.
 *
 * @param key the record key's UTF-8 bytes, or null
 */
record BufferedQuestion(String topic, int partition, long offset, long timestamp, byte[] key, byte[] value) {
    private static final byte VERSION = 1;

    static final Serde<BufferedQuestion> SERDE = Serdes.serdeFrom(new Encoder(), new Decoder());

    private static final class Encoder implements Serializer<BufferedQuestion> {
        @Override
        public byte[] serialize(String topic, BufferedQuestion q) {
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

    private static final class Decoder implements Deserializer<BufferedQuestion> {
        @Override
        public BufferedQuestion deserialize(String topic, byte[] data) {
            if (data == null) return null;
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
                byte version = in.readByte();
                if (version != VERSION)
                    throw new SerializationException("unknown buffered question version " + version);
                return new BufferedQuestion(
                        in.readUTF(), in.readInt(), in.readLong(), in.readLong(), readBytes(in), readBytes(in));
            } catch (IOException e) {
                throw new SerializationException("unreadable buffered question", e);
            }
        }

        private static byte[] readBytes(DataInputStream in) throws IOException {
            int length = in.readInt();
            if (length < 0) return null;
            if (length > in.available()) throw new SerializationException("truncated buffered question");
            return in.readNBytes(length);
        }
    }
}
