package dev.schemarag.core.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.metrics.DeadLetterMeters;
import dev.schemarag.events.FailureRecord;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.errors.ProductionExceptionHandler.Response;
import org.apache.kafka.streams.errors.ProductionExceptionHandler.Result;
import org.junit.jupiter.api.Test;

/** The production handler's decisions, with FailureRecords written in Avro's single-object encoding (no registry). */
class ProductionHandlerTest {
    private static final int KEPT = 8 * 1024;
    private final List<FailureRecord> written = new ArrayList<>();
    private final Serializer<FailureRecord> avro = (topic, failure) -> {
        written.add(failure);
        try {
            ByteBuffer buffer = failure.toByteBuffer();
            byte[] bytes = new byte[buffer.remaining()];
            buffer.get(bytes);
            return bytes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    };

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final DeadLetterHandlers.Production handler = new DeadLetterHandlers.Production(
            new DeadLetterHandlers.Target("schemarag.dlq.retrieval", Stage.RETRIEVAL, avro, meters), KEPT);
    private final ProducerRecord<byte[], byte[]> output = new ProducerRecord<>(
            "schemarag.context-retrieved", "q-1".getBytes(StandardCharsets.UTF_8), new byte[2 * 1024 * 1024]);

    @Test
    void anOutputTooLargeForTheProducerIsDeadLetteredCutAndTheStreamResumes() {
        Response response = handler.handleError(
                new HandlerContext("schemarag.questions", 3, 1234),
                output,
                new RecordTooLargeException("The message is 2097230 bytes when serialized"));

        assertThat(response.result()).isEqualTo(Result.RESUME);
        assertThat(response.deadLetterQueueRecords()).hasSize(1);
        ProducerRecord<byte[], byte[]> deadLetter =
                response.deadLetterQueueRecords().get(0);
        assertThat(deadLetter.topic()).isEqualTo("schemarag.dlq.retrieval");
        assertThat(deadLetter.key()).isEqualTo("q-1".getBytes(StandardCharsets.UTF_8));
        assertThat(deadLetter.value().length).isLessThan(KEPT + 1024);
        assertThat(written).hasSize(1);
        FailureRecord failure = written.get(0);
        assertThat(failure.getStage()).isEqualTo("retrieval");
        assertThat(failure.getErrorClass()).isEqualTo("output_too_large");
        assertThat(failure.getOriginalTopic()).isEqualTo("schemarag.questions");
        assertThat(failure.getOriginalPartition()).isEqualTo(3);
        assertThat(failure.getOriginalOffset()).isEqualTo(1234);
        assertThat(failure.getOriginalValue().remaining()).isEqualTo(KEPT);
        assertThat(failure.getContext()).contains("value of 2097152 bytes, first 8192 kept");
        assertThat(meters.get(DeadLetterMeters.NAME)
                        .tag("topic", "schemarag.dlq.retrieval")
                        .counter()
                        .count())
                .isEqualTo(1);
    }

    @Test
    void aChangelogRecordTooLargeStillFailsTheStreamRatherThanLoseState() {
        Response response = handler.handleError(
                new HandlerContext("in", 0, 0),
                new ProducerRecord<>("app-store-changelog", null, new byte[2 * 1024 * 1024]),
                new RecordTooLargeException("big"));

        assertThat(response.result()).isEqualTo(Result.FAIL);
        assertThat(response.deadLetterQueueRecords()).isEmpty();
        assertThat(meters.get(DeadLetterMeters.NAME).counter().count()).isZero();
    }

    @Test
    void aRetriableErrorIsLeftToTheProducersRetries() {
        Response response =
                handler.handleError(new HandlerContext("in", 0, 0), output, new TimeoutException("no broker"));

        assertThat(response.result()).isEqualTo(Result.RETRY);
        assertThat(response.deadLetterQueueRecords()).isEmpty();
    }

    @Test
    void anyOtherErrorStillFailsTheStream() {
        Response response = handler.handleError(
                new HandlerContext("in", 0, 0),
                output,
                new TopicAuthorizationException(Set.of("schemarag.context-retrieved")));

        assertThat(response.result()).isEqualTo(Result.FAIL);
        assertThat(response.deadLetterQueueRecords()).isEmpty();
    }
}
