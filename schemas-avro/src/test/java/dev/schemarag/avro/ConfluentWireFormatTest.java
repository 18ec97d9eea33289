package dev.schemarag.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class ConfluentWireFormatTest {

    @Test
    void framePrefixesMagicByteAndBigEndianSchemaId() {
        byte[] framed = ConfluentWireFormat.frame(0x01020304, new byte[] {42, 43});

        assertThat(framed).containsExactly(0, 1, 2, 3, 4, 42, 43);
    }

    @Test
    void unframeReturnsSchemaIdAndBody() {
        ConfluentWireFormat.Framed framed = ConfluentWireFormat.unframe("t", new byte[] {0, 0, 0, 1, 7, 9, 8});

        assertThat(framed.schemaId()).isEqualTo(263);
        assertThat(framed.body()).containsExactly(9, 8);
    }

    @Test
    void unframeOfAnEmptyBodyGivesAnEmptyBody() {
        assertThat(ConfluentWireFormat.unframe("t", ConfluentWireFormat.frame(5, new byte[0]))
                        .body())
                .isEmpty();
    }

    @Test
    void bytesShorterThanTheHeaderAreRejectedWithTheTopicInTheMessage() {
        assertThatThrownBy(() -> ConfluentWireFormat.unframe("questions", new byte[] {0, 0, 1}))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("3 bytes from topic questions")
                .hasMessageContaining("shorter than the 5-byte");
    }

    @Test
    void aWrongMagicByteIsRejected() {
        assertThatThrownBy(() -> ConfluentWireFormat.unframe("questions", "{\"json\":1}".getBytes()))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("unknown magic byte 123 (expected 0)");
    }
}
