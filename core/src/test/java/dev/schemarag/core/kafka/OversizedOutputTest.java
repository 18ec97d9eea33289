package dev.schemarag.core.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.failure.Stage;
import dev.schemarag.events.FailureRecord;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.junit.jupiter.api.Test;

class OversizedOutputTest {
    private static final int MIB = 1024 * 1024;

    @Test
    void aDeadLetterKeepsAtMost64KiBOfTheProducersDefaultMiB() {
        assertThat(OversizedOutput.keptBytes(Map.of())).isEqualTo(64 * 1024);
    }

    @Test
    void aLowerProducerLimitKeepsAnEighthOfIt() {
        assertThat(OversizedOutput.keptBytes(Map.of("producer.max.request.size", 65_536)))
                .isEqualTo(8192);
        assertThat(OversizedOutput.keptBytes(Map.of("max.request.size", "65536")))
                .isEqualTo(8192);
        assertThat(OversizedOutput.keptBytes(Map.of("producer.max.request.size", "16384", "max.request.size", "65536")))
                .isEqualTo(2048);
    }

    @Test
    void theDeadLetterOfAFiveMiBOutputKeepsAPrefixTheSizesAndTheInputsCoordinates() throws Exception {
        byte[] value = new byte[5 * MIB];
        Arrays.fill(value, (byte) 'x');
        byte[] key = "q-1".getBytes(StandardCharsets.UTF_8);
        ProducerRecord<byte[], byte[]> output = new ProducerRecord<>("schemarag.context-retrieved", key, value);

        FailureRecord failure = OversizedOutput.failure(
                Stage.RETRIEVAL,
                "schemarag.questions",
                0,
                41,
                output,
                new RecordTooLargeException("The message is 5242960 bytes when serialized"),
                64 * 1024);

        assertThat(failure.getStage()).isEqualTo("retrieval");
        assertThat(failure.getErrorClass()).isEqualTo("output_too_large");
        assertThat(failure.getMessage())
                .isEqualTo("RecordTooLargeException: The message is 5242960 bytes when serialized");
        assertThat(failure.getOriginalTopic()).isEqualTo("schemarag.questions");
        assertThat(failure.getOriginalPartition()).isZero();
        assertThat(failure.getOriginalOffset()).isEqualTo(41);
        assertThat(failure.getOriginalKey()).isEqualTo(ByteBuffer.wrap(key));
        assertThat(failure.getOriginalValue()).isEqualTo(ByteBuffer.wrap(value, 0, 64 * 1024));
        assertThat(failure.getContext())
                .isEqualTo(
                        "output to schemarag.context-retrieved: value of 5242880 bytes, first 65536 kept; key of 3 bytes");
        assertThat(failure.toByteBuffer().remaining()).isLessThan(MIB / 8 + 1024);
    }

    @Test
    void anOversizedKeyIsCutToo() {
        byte[] key = new byte[MIB];
        ProducerRecord<byte[], byte[]> output = new ProducerRecord<>("out", key, new byte[10]);

        FailureRecord failure =
                OversizedOutput.failure(Stage.GENERATION, "in", 2, 7, output, new RecordTooLargeException("big"), 1024);

        assertThat(failure.getOriginalKey().remaining()).isEqualTo(1024);
        assertThat(failure.getOriginalValue().remaining()).isEqualTo(10);
        assertThat(failure.getContext())
                .isEqualTo("output to out: value of 10 bytes, first 10 kept; key of 1048576 bytes");
    }

    @Test
    void anOutputWithoutAnInputRecordHasNoCoordinates() {
        FailureRecord failure = OversizedOutput.failure(
                Stage.INGEST,
                null,
                -1,
                -1,
                new ProducerRecord<>("out", null, new byte[10]),
                new RecordTooLargeException("big"),
                1024);

        assertThat(failure.getOriginalTopic()).isNull();
        assertThat(failure.getOriginalPartition()).isNull();
        assertThat(failure.getOriginalOffset()).isNull();
        assertThat(failure.getOriginalKey()).isNull();
    }
}
