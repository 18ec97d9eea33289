package dev.schemarag.generation.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class BufferedRecordTest {
    private static final String TOPIC = "p.context-retrieved";

    private static byte[] encode(BufferedRecord question) {
        return BufferedRecord.SERDE.serializer().serialize(TOPIC, question);
    }

    private static BufferedRecord decode(byte[] bytes) {
        return BufferedRecord.SERDE.deserializer().deserialize(TOPIC, bytes);
    }

    @Test
    void theRecordComesBackAsItWasBuffered() {
        byte[] value = {0, 1, 2, (byte) 0xff};
        BufferedRecord question =
                new BufferedRecord(TOPIC, 5, 1234567890123L, 42L, "q1".getBytes(StandardCharsets.UTF_8), value);

        BufferedRecord back = decode(encode(question));

        assertThat(back.topic()).isEqualTo(TOPIC);
        assertThat(back.partition()).isEqualTo(5);
        assertThat(back.offset()).isEqualTo(1234567890123L);
        assertThat(back.timestamp()).isEqualTo(42L);
        assertThat(back.key()).isEqualTo("q1".getBytes(StandardCharsets.UTF_8));
        assertThat(back.value()).isEqualTo(value);
    }

    @Test
    void aNullKeyStaysNull() {
        assertThat(decode(encode(new BufferedRecord(TOPIC, 0, 0, 0, null, new byte[0])))
                        .key())
                .isNull();
    }

    @Test
    void truncatedOrForeignBytesAreASerializationErrorNotAWrongRecord() {
        byte[] whole = encode(new BufferedRecord(TOPIC, 0, 7, 0, null, new byte[100]));

        assertThatThrownBy(() -> decode(Arrays.copyOf(whole, whole.length - 1)))
                .isInstanceOf(SerializationException.class);
        assertThatThrownBy(() -> decode("not a buffered record".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(SerializationException.class);
    }
}
