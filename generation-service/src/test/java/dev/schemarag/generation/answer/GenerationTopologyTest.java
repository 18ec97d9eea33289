package dev.schemarag.generation.answer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsProperties;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.metrics.DeadLetterMeters;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.SqlGenerated;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.validation.SchemaColumns;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The topology's routing through TopologyTestDriver with the production streams settings (at-least-once, see
 * RetrievalTopologyTest) and the real Avro serdes over an in-memory schema registry: no broker, no database.
 * The generator answers per question; the database plans everything.
 */
class GenerationTopologyTest {
    private static final Map<String, String> SQL_BY_QUESTION = Map.of(
            "Count employees", "SELECT count(*) FROM public.employees e",
            "Drop everything", "DROP TABLE public.employees");

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private TopologyTestDriver driver;
    private Topics topics;
    private TestInputTopic<String, ContextRetrieved> input;

    @BeforeEach
    void build(@TempDir Path stateDir) {
        topics = new Topics("generation-topology-test.", new InMemorySchemaRegistry());
        TargetDatabases planner = new TargetDatabases() {
            @Override
            public ExplainResult explain(String databaseId, String sql, Duration atMost) {
                return new ExplainResult.Planned("Aggregate");
            }

            @Override
            public SchemaColumns columns(String databaseId, List<String> tables) {
                return SchemaColumns.of(Map.of("public.employees", List.of("employee_id", "last_name")));
            }
        };
        AnswerPipeline pipeline = new AnswerPipeline(
                (request, deadline) -> SQL_BY_QUESTION.containsKey(request.question())
                        ? GenerationOutcome.generated(new GeneratedSql(
                                SQL_BY_QUESTION.get(request.question()), "", 0.9, List.of(), List.of(), "llm"))
                        : GenerationOutcome.unavailable("no LLM configured"),
                planner,
                (id, db, question, sql) -> {},
                3);
        StreamsBuilder builder = new StreamsBuilder();
        GenerationTopology.build(builder, topics, pipeline, meters);
        // As GenerationService configures it.
        Properties props = StreamsProperties.of(
                "generation-topology-test",
                "127.0.0.1:9",
                KafkaClientSecurity.none(),
                topics.deadLetter(DeadLetterTopic.UNKNOWN),
                "validation",
                stateDir,
                StreamsSettings.DEFAULTS,
                Duration.ofSeconds(10));
        props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.AT_LEAST_ONCE);
        driver = new TopologyTestDriver(builder.build(), props);
        Topic<String, ContextRetrieved> source = topics.contextRetrieved();
        input = driver.createInputTopic(
                source.name(),
                source.keySerde().serializer(),
                source.valueSerde().serializer());
    }

    @AfterEach
    void close() {
        driver.close();
    }

    private <V> TestOutputTopic<String, V> output(Topic<String, V> topic) {
        return driver.createOutputTopic(
                topic.name(),
                topic.keySerde().deserializer(),
                topic.valueSerde().deserializer());
    }

    private static ContextRetrieved question(String id, String text) {
        return Events.context(
                id,
                "erp",
                text,
                "CREATE TABLE public.employees (employee_id bigint, last_name text);",
                "public.employees");
    }

    @Test
    void validAnswerGoesToAnswersAndItsCandidateToSqlGenerated() {
        input.pipeInput("q1", question("q1", "Count employees"));

        AnswerValidated answer = output(topics.answers()).readValue();
        assertThat(answer.getSql()).isEqualTo("SELECT count(*) FROM public.employees e");
        assertThat(output(topics.sqlGenerated()).readValuesToList())
                .extracting(SqlGenerated::getAttempt)
                .containsExactly(1);
        assertThat(output(topics.deadLetter(DeadLetterTopic.VALIDATION_BLOCK)).isEmpty())
                .isTrue();
        assertThat(meters.get(OutcomeMeters.NAME)
                        .tag("class", "answered")
                        .counter()
                        .count())
                .isEqualTo(1);
    }

    @Test
    void candidatesAnswersAndFailuresAreKeyedByTheQuestionIdWhateverKeyTheContextCameWith() {
        input.pipeInput("q5", question("q5", "Count employees"));
        input.pipeInput((String) null, question("q6", "Count employees"));
        input.pipeInput("producer-chosen", question("q7", "Drop everything"));
        input.pipeInput("q8", question("q8", "Something nobody documented"));

        assertThat(output(topics.sqlGenerated()).readRecordsToList())
                .extracting(TestRecord::key)
                .containsExactly("q5", "q6", "q7");
        assertThat(output(topics.answers()).readRecordsToList())
                .extracting(TestRecord::key)
                .containsExactly("q5", "q6");
        assertThat(output(topics.deadLetter(DeadLetterTopic.VALIDATION_BLOCK))
                        .readRecord()
                        .key())
                .isEqualTo("q7");
        assertThat(output(topics.deadLetter(DeadLetterTopic.GENERATION_UNAVAILABLE))
                        .readRecord()
                        .key())
                .isEqualTo("q8");
    }

    @Test
    void blockedAnswerGoesToValidationBlockWithTheOriginalEvent() {
        input.pipeInput("q2", question("q2", "Drop everything"));

        FailureRecord failure =
                output(topics.deadLetter(DeadLetterTopic.VALIDATION_BLOCK)).readValue();
        assertThat(failure.getErrorClass()).isEqualTo("validation_block");
        assertThat(failure.getCorrelationId()).isEqualTo("corr-q2");
        assertThat(failure.getOriginalTopic())
                .isEqualTo(topics.contextRetrieved().name());
        byte[] original = new byte[failure.getOriginalValue().remaining()];
        failure.getOriginalValue().get(original);
        assertThat(topics.contextRetrieved()
                        .valueSerde()
                        .deserializer()
                        .deserialize(topics.contextRetrieved().name(), original)
                        .getQuestion()
                        .getId())
                .isEqualTo("q2");
        assertThat(output(topics.answers()).isEmpty()).isTrue();
        assertThat(meters.get(OutcomeMeters.NAME)
                        .tag("class", "validation_block")
                        .counter()
                        .count())
                .isEqualTo(1);
        assertThat(meters.get(DeadLetterMeters.NAME)
                        .tag(
                                "topic",
                                topics.deadLetter(DeadLetterTopic.VALIDATION_BLOCK)
                                        .name())
                        .counter()
                        .count())
                .isEqualTo(1);
        assertThat(meters.get(DeadLetterMeters.NAME)
                        .tag(
                                "topic",
                                topics.deadLetter(DeadLetterTopic.GENERATION_UNAVAILABLE)
                                        .name())
                        .counter()
                        .count())
                .isZero();
    }

    @Test
    void noSqlGoesToGenerationUnavailableWithTheContextPacket() {
        input.pipeInput("q3", question("q3", "Something nobody documented"));

        FailureRecord failure = output(topics.deadLetter(DeadLetterTopic.GENERATION_UNAVAILABLE))
                .readValue();
        assertThat(failure.getStage()).isEqualTo("generation");
        assertThat(failure.getContext()).startsWith("CREATE TABLE public.employees");
        assertThat(output(topics.sqlGenerated()).isEmpty()).isTrue();
    }

    @Test
    void bytesThatAreNotAvroAreDeadLetteredAsMalformedAndTheNextContextIsStillAnswered() {
        byte[] value = "not an Avro record".getBytes(StandardCharsets.UTF_8);
        driver.createInputTopic(topics.contextRetrieved().name(), new ByteArraySerializer(), new ByteArraySerializer())
                .pipeInput("poison".getBytes(StandardCharsets.UTF_8), value);
        input.pipeInput("q4", question("q4", "Count employees"));

        FailureRecord failure =
                output(topics.deadLetter(DeadLetterTopic.UNKNOWN)).readValue();
        assertThat(failure.getStage()).isEqualTo("validation");
        assertThat(failure.getErrorClass()).isEqualTo("malformed_event");
        assertThat(failure.getOriginalValue()).isEqualTo(ByteBuffer.wrap(value));
        assertThat(output(topics.answers()).readValue().getSql()).isEqualTo("SELECT count(*) FROM public.employees e");
    }
}
