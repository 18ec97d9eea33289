package dev.schemarag.core.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchException;

import dev.schemarag.avro.AvroSerde;
import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.avro.OutageSimulatingSchemaRegistry;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Produced;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A topology reading questions and writing them on, with the dead-letter handlers of every SchemaRAG stream, through
 * a registry outage: the task fails (the driver throws) and nothing is dead-lettered, instead of a valid question
 * being filed as {@code malformed_event} or {@code processing_error}.
 */
class RegistryOutageTopologyTest {
    private static final String ECHO = "outage-topology.echo";

    private final InMemorySchemaRegistry store = new InMemorySchemaRegistry();
    private final OutageSimulatingSchemaRegistry registry = new OutageSimulatingSchemaRegistry(store);
    private final Topics topics = new Topics("outage-topology.", registry);
    private final Topics writers = new Topics("outage-topology.", store);
    private TopologyTestDriver driver;
    private TestInputTopic<String, byte[]> questions;
    private TestOutputTopic<String, QuestionAsked> echoes;
    private TestOutputTopic<String, FailureRecord> deadLetters;

    @BeforeEach
    void startDriver(@TempDir Path stateDir) {
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(topics.questions().name(), topics.questions().consumed())
                .mapValues(question -> question)
                .to(ECHO, Produced.with(Serdes.String(), AvroSerde.forValue(QuestionAsked.class, registry)));
        Properties settings = StreamsProperties.of(
                "outage-topology",
                "127.0.0.1:9",
                KafkaClientSecurity.none(),
                topics.deadLetter(DeadLetterTopic.RETRIEVAL),
                "retrieval",
                stateDir,
                StreamsSettings.DEFAULTS,
                Duration.ofSeconds(10));
        // The driver drops what the deserialization handler sends under exactly-once (see RetrievalTopologyTest).
        settings.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.AT_LEAST_ONCE);
        driver = new TopologyTestDriver(builder.build(), settings);
        questions =
                driver.createInputTopic(topics.questions().name(), new StringSerializer(), new ByteArraySerializer());
        echoes = driver.createOutputTopic(
                ECHO,
                new StringDeserializer(),
                AvroSerde.forValue(QuestionAsked.class, store).deserializer());
        deadLetters = driver.createOutputTopic(
                topics.deadLetter(DeadLetterTopic.RETRIEVAL).name(),
                new StringDeserializer(),
                writers.deadLetter(DeadLetterTopic.RETRIEVAL).valueSerde().deserializer());
    }

    @AfterEach
    void closeDriver() {
        driver.close();
    }

    @Test
    void withTheRegistryUpAMalformedQuestionIsDeadLetteredAndTheNextOneWrittenOn() {
        questions.pipeInput("q-bad", new byte[] {7, 7, 7, 7, 7, 7});
        questions.pipeInput("q-1", valid());

        assertThat(echoes.readValue()).isEqualTo(question());
        FailureRecord failure = deadLetters.readValue();
        assertThat(failure.getErrorClass()).isEqualTo("malformed_event");
        assertThat(bytes(failure.getOriginalValue())).containsExactly(7, 7, 7, 7, 7, 7);
    }

    @Test
    void aValidQuestionUnreadableDuringAnOutageFailsTheTaskAndIsNotFiledAsMalformed() {
        byte[] valid = valid();
        registry.down();

        Exception failed = catchException(() -> questions.pipeInput("q-1", valid));

        assertThat(failed).isNotNull();
        assertThat(DeadLetterHandlers.registryUnavailable(failed)).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
        assertThat(echoes.isEmpty()).isTrue();
    }

    @Test
    void anOutputUnwritableDuringAnOutageFailsTheTaskAndIsNotFiledAsAProcessingError() {
        byte[] valid = valid();
        topics.questions()
                .valueSerde()
                .deserializer()
                .deserialize(topics.questions().name(), valid); // input known
        registry.down();

        Exception failed = catchException(() -> questions.pipeInput("q-1", valid));

        assertThat(failed).isNotNull();
        assertThat(DeadLetterHandlers.registryUnavailable(failed)).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
        assertThat(echoes.isEmpty()).isTrue();
    }

    @Test
    void aMalformedQuestionWhoseDeadLetterCannotBeWrittenDuringAnOutageFailsTheTaskRatherThanBeSkipped() {
        registry.down();

        Exception failed = catchException(() -> questions.pipeInput("q-bad", new byte[] {7, 7, 7, 7, 7, 7}));

        assertThat(failed).isNotNull();
        assertThat(DeadLetterHandlers.registryUnavailable(failed)).isTrue();
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    private byte[] valid() {
        return writers.questions()
                .valueSerde()
                .serializer()
                .serialize(topics.questions().name(), question());
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
