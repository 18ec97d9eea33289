package dev.schemarag.core.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchException;

import dev.schemarag.avro.ConfluentWireFormat;
import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.avro.OutageSimulatingSchemaRegistry;
import dev.schemarag.avro.SchemaRegistryUnavailableException;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import org.apache.avro.SchemaBuilder;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.errors.ProductionExceptionHandler;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.Test;

/**
 * What the dead-letter handlers answer when the registry is down: FAIL (the record is processed again), never a
 * dead letter that calls a good record bad, and never a skip without a dead letter.
 */
class RegistryOutageHandlersTest {
    private static final String QUESTIONS = "outage-test.questions";
    private static final byte[] KEY = "q-1".getBytes(StandardCharsets.UTF_8);

    private final InMemorySchemaRegistry store = new InMemorySchemaRegistry();
    private final OutageSimulatingSchemaRegistry registry = new OutageSimulatingSchemaRegistry(store);
    private final Topics topics = new Topics("outage-test.", registry);
    private final Topics writers = new Topics("outage-test.", store);
    private final DeadLetterHandlers.Deserialization deserialization = new DeadLetterHandlers.Deserialization();
    private final DeadLetterHandlers.Processing processing = new DeadLetterHandlers.Processing();
    private final DeadLetterHandlers.Production production = new DeadLetterHandlers.Production();

    RegistryOutageHandlersTest() {
        Map<String, Object> configs = Map.of(
                DeadLetterHandlers.TOPIC,
                        topics.deadLetter(DeadLetterTopic.RETRIEVAL).name(),
                DeadLetterHandlers.STAGE, "retrieval",
                DeadLetterHandlers.SERIALIZER,
                        topics.deadLetter(DeadLetterTopic.RETRIEVAL)
                                .valueSerde()
                                .serializer());
        deserialization.configure(configs);
        processing.configure(configs);
        production.configure(configs);
    }

    @Test
    void aValidRecordUnreadableOnlyBecauseTheRegistryIsDownFailsTheTaskAndIsNotDeadLettered() {
        byte[] valid = writers.questions().valueSerde().serializer().serialize(QUESTIONS, question());
        registry.down();

        DeserializationExceptionHandler.Response response = deserialize(valid);

        assertThat(response.result()).isEqualTo(DeserializationExceptionHandler.Result.FAIL);
        assertThat(response.deadLetterQueueRecords()).isEmpty();
    }

    @Test
    void everyKindOfMalformedRecordIsAMalformedEventCarryingItsOriginalBytes() {
        byte[] valid = writers.questions().valueSerde().serializer().serialize(QUESTIONS, question());
        byte[] random = new byte[48];
        new Random(7).nextBytes(random);
        byte[] wrongMagic = valid.clone();
        wrongMagic[0] = 3;
        int otherSchema =
                store.register("outage-test.other-value", FailureRecord.getClassSchema()); // a record of another type
        byte[] otherType = ConfluentWireFormat.frame(
                otherSchema, Arrays.copyOfRange(valid, ConfluentWireFormat.HEADER_LENGTH, valid.length));
        byte[][] malformed = {
            random,
            wrongMagic,
            ConfluentWireFormat.frame(777, new byte[] {2, 65}),
            Arrays.copyOf(valid, valid.length - 5),
            otherType,
            new byte[0],
        };

        for (byte[] bytes : malformed) {
            DeserializationExceptionHandler.Response response = deserialize(bytes);

            assertThat(response.result()).isEqualTo(DeserializationExceptionHandler.Result.RESUME);
            assertThat(response.deadLetterQueueRecords()).hasSize(1);
            FailureRecord failure = read(response.deadLetterQueueRecords().get(0));
            assertThat(failure.getErrorClass()).isEqualTo("malformed_event");
            assertThat(bytes(failure.getOriginalValue())).isEqualTo(bytes);
        }
    }

    @Test
    void aMalformedRecordWhoseDeadLetterCannotBeWrittenDuringAnOutageFailsTheTaskWithTheOutage() {
        registry.down(); // the dead-letter schema was never registered: its id cannot be had
        byte[] malformed = {9, 9, 9, 9, 9, 9};
        Exception error = catchException(
                () -> topics.questions().valueSerde().deserializer().deserialize(QUESTIONS, malformed));

        // Kafka Streams fails the task on an exception from a handler, with this exception as the cause.
        assertThatThrownBy(() -> deserialization.handleError(
                        context(), new ConsumerRecord<>(QUESTIONS, 0, 42, KEY, malformed), error))
                .isInstanceOf(SchemaRegistryUnavailableException.class);
    }

    @Test
    void aDeadLetterTheRegistryRefusesFailsTheTaskInsteadOfSkippingTheRecord() {
        // A dead-letter subject whose latest version FailureRecord cannot read: its registration is refused (409).
        store.register(
                topics.deadLetter(DeadLetterTopic.RETRIEVAL).name() + "-value",
                SchemaBuilder.record("FailureRecord")
                        .namespace("dev.schemarag.events")
                        .fields()
                        .requiredString("somethingElse")
                        .endRecord());

        DeserializationExceptionHandler.Response response = deserialize(new byte[] {9, 9, 9, 9, 9, 9});

        assertThat(response.result()).isEqualTo(DeserializationExceptionHandler.Result.FAIL);
        assertThat(response.deadLetterQueueRecords()).isEmpty();
    }

    @Test
    void aProcessingErrorCausedByTheRegistryFailsTheTaskAndAnyOtherIsAProcessingError() {
        registry.down();
        Exception outage = catchException(
                () -> topics.questions().valueSerde().serializer().serialize(QUESTIONS, question()));
        ProcessingExceptionHandler.Response failed = processing.handleError(
                context(), new Record<>("q-1", "v", 0L), new StreamsException("Unable to serialize record", outage));
        registry.up();
        ProcessingExceptionHandler.Response resumed =
                processing.handleError(context(), new Record<>("q-1", "v", 0L), new IllegalStateException("bug"));

        assertThat(failed.result()).isEqualTo(ProcessingExceptionHandler.Result.FAIL);
        assertThat(failed.deadLetterQueueRecords()).isEmpty();
        assertThat(resumed.result()).isEqualTo(ProcessingExceptionHandler.Result.RESUME);
        FailureRecord failure = read(resumed.deadLetterQueueRecords().get(0));
        assertThat(failure.getErrorClass()).isEqualTo("processing_error");
        assertThat(bytes(failure.getOriginalValue())).isEqualTo(new byte[] {1, 2, 3});
    }

    @Test
    void aProcessingErrorWhoseDeadLetterCannotBeWrittenDuringAnOutageFailsTheTaskWithTheOutage() {
        registry.down();

        assertThatThrownBy(() -> processing.handleError(
                        context(), new Record<>("q-1", "v", 0L), new IllegalStateException("bug")))
                .isInstanceOf(SchemaRegistryUnavailableException.class);
    }

    @Test
    void anOutputThatCannotBeSerializedDuringAnOutageFailsTheTask() {
        registry.down();
        Exception outage = catchException(
                () -> topics.questions().valueSerde().serializer().serialize(QUESTIONS, question()));

        ProductionExceptionHandler.Response response = production.handleSerializationError(
                context(),
                new ProducerRecord<>("outage-test.context-retrieved", "q-1", question()),
                outage,
                ProductionExceptionHandler.SerializationExceptionOrigin.VALUE);

        assertThat(response.result()).isEqualTo(ProductionExceptionHandler.Result.FAIL);
        assertThat(response.deadLetterQueueRecords()).isEmpty();
    }

    private DeserializationExceptionHandler.Response deserialize(byte[] bytes) {
        Exception error = catchException(
                () -> topics.questions().valueSerde().deserializer().deserialize(QUESTIONS, bytes));
        assertThat(error).as("reading %s", Arrays.toString(bytes)).isNotNull();
        return deserialization.handleError(context(), new ConsumerRecord<>(QUESTIONS, 0, 42, KEY, bytes), error);
    }

    private static HandlerContext context() {
        return new HandlerContext(QUESTIONS, 0, 42, KEY, new byte[] {1, 2, 3});
    }

    private FailureRecord read(ProducerRecord<byte[], byte[]> deadLetter) {
        return writers.deadLetter(DeadLetterTopic.RETRIEVAL)
                .valueSerde()
                .deserializer()
                .deserialize(deadLetter.topic(), deadLetter.value());
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    private static QuestionAsked question() {
        return QuestionAsked.newBuilder()
                .setId("q-1")
                .setDatabaseId("erp")
                .setQuestion("How many orders shipped in May?")
                .setCorrelationId("c-1")
                .setTimestamp(Instant.ofEpochMilli(1_700_000_000_000L))
                .build();
    }
}
