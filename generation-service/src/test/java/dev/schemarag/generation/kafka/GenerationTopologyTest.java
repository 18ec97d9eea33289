package dev.schemarag.generation.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.config.Asker;
import dev.schemarag.core.embedding.QuestionVector;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsProperties;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.metrics.DeadLetterMeters;
import dev.schemarag.core.questions.AnswerCacheProbing;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.CachedAnswerRef;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.QuestionEmbedding;
import dev.schemarag.events.SqlGenerated;
import dev.schemarag.generation.answer.AnswerPipeline;
import dev.schemarag.generation.answer.Events;
import dev.schemarag.generation.answer.ExplainResult;
import dev.schemarag.generation.answer.TargetDatabases;
import dev.schemarag.generation.validation.SchemaColumns;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The topology's routing through TopologyTestDriver with the production streams settings (at-least-once, see
 * RetrievalTopologyTest) and the real Avro serdes over an in-memory schema registry: no broker, no database.
 * The generator answers per question on the worker threads, the database plans everything, and the test moves the
 * wall clock so that the punctuation forwards what the workers finished.
 */
class GenerationTopologyTest {
    private static final Duration PUNCTUATE_INTERVAL = Duration.ofMillis(10);

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final GatedGenerator generator = new GatedGenerator();
    private final StageWorkers workers = new StageWorkers("test", 4);
    private TopologyTestDriver driver;
    private Topics topics;
    private TestInputTopic<String, ContextRetrieved> input;
    /** The question embedding each candidate example was stored with, by question id. */
    private final Map<String, Optional<QuestionVector>> candidateVectors = new ConcurrentHashMap<>();

    @BeforeEach
    void build(@TempDir Path stateDir) {
        topics = new Topics("generation-topology-test.", new InMemorySchemaRegistry());
        TargetDatabases planner = new TargetDatabases() {
            @Override
            public ExplainResult explain(String databaseId, Asker asker, String sql, Duration atMost) {
                return new ExplainResult.Planned("Aggregate");
            }

            @Override
            public boolean admits(String databaseId, Asker asker) {
                // As the registration would have it: mallory is mapped to no role.
                return !asker.equals(Asker.of("mallory"));
            }

            @Override
            public boolean executes(String databaseId) {
                return false;
            }

            @Override
            public SchemaColumns columns(String databaseId, List<String> tables) {
                return SchemaColumns.of(Map.of("public.employees", List.of("employee_id", "last_name")));
            }
        };
        AnswerPipeline pipeline = new AnswerPipeline(
                generator, planner, (id, db, question, sql, vector) -> candidateVectors.put(id, vector), 3);
        StreamsBuilder builder = new StreamsBuilder();
        GenerationTopology.build(builder, topics, pipeline, workers, PUNCTUATE_INTERVAL, meters);
        // As GenerationService configures it.
        Properties props = StreamsProperties.of(
                "generation-topology-test",
                "127.0.0.1:9",
                KafkaClientSecurity.none(),
                topics.deadLetter(DeadLetterTopic.UNKNOWN),
                "validation",
                stateDir,
                StreamsSettings.DEFAULTS,
                GenerationTopology.LONGEST_STEP);
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
        workers.close();
    }

    /** Moves the wall clock until every buffered question has been forwarded. */
    private void answerAll() {
        Awaitility.await("every buffered question forwarded")
                .atMost(Duration.ofSeconds(10))
                .pollInSameThread()
                .pollInterval(Duration.ofMillis(5))
                .until(() -> {
                    driver.advanceWallClockTime(PUNCTUATE_INTERVAL);
                    return buffered().isEmpty();
                });
    }

    /** The question ids in the store of questions waiting for their outcome. */
    private List<String> buffered() {
        KeyValueStore<String, Object> store = driver.getKeyValueStore(AnswerWork.STORE);
        List<String> ids = new ArrayList<>();
        try (KeyValueIterator<String, Object> all = store.all()) {
            all.forEachRemaining(entry -> ids.add(entry.key));
        }
        return ids;
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
        answerAll();

        AnswerValidated answer = output(topics.answers()).readValue();
        assertThat(answer.getSql()).isEqualTo(GatedGenerator.COUNT_SQL);
        assertThat(answer.getRetrievalMetadata().getCatalogVersion()).isEqualTo(Events.CATALOG_VERSION);
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
    void aCacheHitOfRetrievalsThatCannotBeServedGoesBackToQuestionsWithTheProbeOffAndNothingElse() {
        // This pipeline keeps no answer cache: no entry can be served.
        ContextRetrieved probed = question("q5", "Count employees");
        probed.setCachedAnswer(CachedAnswerRef.newBuilder().setQuestionId("q0").build());
        input.pipeInput("q5", probed);
        answerAll();

        TestRecord<String, QuestionAsked> back = output(topics.questions()).readRecord();
        assertThat(back.key()).isEqualTo("q5");
        assertThat(back.value().getQuestion()).isEqualTo("Count employees");
        assertThat(back.value().getRetrievalSettings()).containsEntry(AnswerCacheProbing.SETTING, "false");
        assertThat(output(topics.answers()).isEmpty()).isTrue();
        assertThat(output(topics.sqlGenerated()).isEmpty()).isTrue();
        assertThat(generator.questionVectors()).isEmpty();
        assertThat(meters.get(OutcomeMeters.NAME)
                        .tag("class", OutcomeMeters.RETRIEVED_AGAIN)
                        .counter()
                        .count())
                .isEqualTo(1);
    }

    @Test
    void theEmbeddingRetrievalCarriedReachesTheGeneratorAndTheCandidateExampleButNoOutputAndAnOldRecordCarriesNone() {
        QuestionVector vector = new QuestionVector("all-minilm-l6-v2-q", new float[] {0.6f, 0.8f, 0f});
        ContextRetrieved carrying = question("q3", "Count employees");
        carrying.setQuestionEmbedding(QuestionEmbedding.newBuilder()
                .setModel(vector.modelId())
                .setVector(vector.encode())
                .build());
        input.pipeInput("q3", carrying);
        input.pipeInput("q4", question("q4", "Count employees"));
        answerAll();

        assertThat(output(topics.answers()).readValuesToList()).hasSize(2);
        assertThat(generator.questionVectors()).containsExactlyInAnyOrder(Optional.of(vector), Optional.empty());
        assertThat(candidateVectors).containsEntry("q3", Optional.of(vector)).containsEntry("q4", Optional.empty());
        assertThat(output(topics.sqlGenerated()).readValuesToList())
                .extracting(candidate -> candidate.getContext().getQuestionEmbedding())
                .containsOnlyNulls();
    }

    @Test
    void aMalformedEmbeddingIsTakenForNoneAndTheQuestionIsStillAnswered() {
        ContextRetrieved malformed = question("q3", "Count employees");
        malformed.setQuestionEmbedding(QuestionEmbedding.newBuilder()
                .setModel("all-minilm-l6-v2-q")
                .setVector(ByteBuffer.wrap(new byte[] {1, 2, 3}))
                .build());
        input.pipeInput("q3", malformed);
        answerAll();

        assertThat(output(topics.answers()).readValue().getQuestionId()).isEqualTo("q3");
        assertThat(candidateVectors).containsEntry("q3", Optional.empty());
    }

    @Test
    void candidatesAnswersAndFailuresAreKeyedByTheQuestionIdWhateverKeyTheContextCameWith() {
        input.pipeInput("q5", question("q5", "Count employees"));
        input.pipeInput((String) null, question("q6", "Count employees"));
        input.pipeInput("producer-chosen", question("q7", "Drop everything"));
        input.pipeInput("q8", question("q8", "Something nobody documented"));
        answerAll();

        // Answered on workers, so forwarded in the order they finish.
        assertThat(output(topics.sqlGenerated()).readRecordsToList())
                .extracting(TestRecord::key)
                .containsExactlyInAnyOrder("q5", "q6", "q7");
        assertThat(output(topics.answers()).readRecordsToList())
                .extracting(TestRecord::key)
                .containsExactlyInAnyOrder("q5", "q6");
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
    void anUnmappedPrincipalsQuestionIsDeadLetteredAsAccessDeniedWithTheOriginalEvent() {
        ContextRetrieved asked = question("q9", "Count employees");
        asked.getQuestion().setPrincipal("mallory");
        input.pipeInput("q9", asked);
        answerAll();

        FailureRecord failure =
                output(topics.deadLetter(DeadLetterTopic.ACCESS_DENIED)).readValue();
        assertThat(failure.getErrorClass()).isEqualTo("access_denied");
        assertThat(failure.getMessage()).contains("mallory");
        byte[] original = new byte[failure.getOriginalValue().remaining()];
        failure.getOriginalValue().get(original);
        assertThat(topics.contextRetrieved()
                        .valueSerde()
                        .deserializer()
                        .deserialize(topics.contextRetrieved().name(), original)
                        .getQuestion()
                        .getPrincipal())
                .isEqualTo("mallory");
        assertThat(output(topics.answers()).isEmpty()).isTrue();
    }

    @Test
    void blockedAnswerGoesToValidationBlockWithTheOriginalEventAndItsRetrievalMetadata() {
        input.pipeInput("q2", question("q2", "Drop everything"));
        answerAll();

        FailureRecord failure =
                output(topics.deadLetter(DeadLetterTopic.VALIDATION_BLOCK)).readValue();
        assertThat(failure.getErrorClass()).isEqualTo("validation_block");
        assertThat(failure.getRetrievalMetadata().getCatalogVersion()).isEqualTo(Events.CATALOG_VERSION);
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
        answerAll();

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
        answerAll();

        FailureRecord failure =
                output(topics.deadLetter(DeadLetterTopic.UNKNOWN)).readValue();
        assertThat(failure.getStage()).isEqualTo("validation");
        assertThat(failure.getErrorClass()).isEqualTo("malformed_event");
        assertThat(failure.getOriginalValue()).isEqualTo(ByteBuffer.wrap(value));
        assertThat(output(topics.answers()).readValue().getSql()).isEqualTo(GatedGenerator.COUNT_SQL);
    }

    @Test
    void questionsRunAtOnceOffTheStreamThreadAndEachIsForwardedOnceWhenItsRunEnds() {
        for (String id : List.of("a1", "a2", "a3")) {
            generator.hold("Count employees " + id);
            input.pipeInput(id, question(id, "Count employees " + id));
        }
        Awaitility.await("three runs under way at once")
                .atMost(Duration.ofSeconds(10))
                .until(() -> generator.underWay() == 3);
        driver.advanceWallClockTime(PUNCTUATE_INTERVAL);
        TestOutputTopic<String, AnswerValidated> answers = output(topics.answers());
        assertThat(answers.isEmpty()).isTrue();
        assertThat(buffered()).containsExactlyInAnyOrder("a1", "a2", "a3");

        generator.release("Count employees a2");
        Awaitility.await("a2 forwarded")
                .atMost(Duration.ofSeconds(10))
                .pollInSameThread()
                .until(() -> {
                    driver.advanceWallClockTime(PUNCTUATE_INTERVAL);
                    return buffered().size() == 2;
                });
        assertThat(answers.readKeyValuesToList()).extracting(kv -> kv.key).containsExactly("a2");

        generator.release("Count employees a1");
        generator.release("Count employees a3");
        answerAll();
        for (int i = 0; i < 5; i++) driver.advanceWallClockTime(PUNCTUATE_INTERVAL);
        assertThat(answers.readValuesToList())
                .extracting(AnswerValidated::getQuestionId)
                .containsExactlyInAnyOrder("a1", "a3");
        assertThat(generator.mostUnderWay()).isEqualTo(3);
        assertThat(generator.calls()).isEqualTo(3);
        assertThat(meters.get(OutcomeMeters.NAME)
                        .tag("class", "answered")
                        .counter()
                        .count())
                .isEqualTo(3);
    }

    @Test
    void noMoreThanTheWorkersRunAtOnceAndTheRestWaitsInTheStore() {
        for (int i = 1; i <= 6; i++) {
            generator.hold("Count employees b" + i);
            input.pipeInput("b" + i, question("b" + i, "Count employees b" + i));
        }
        Awaitility.await("every worker busy").atMost(Duration.ofSeconds(10)).until(() -> generator.underWay() == 4);
        for (int i = 0; i < 5; i++) driver.advanceWallClockTime(PUNCTUATE_INTERVAL);
        assertThat(generator.calls()).isEqualTo(4);
        assertThat(buffered()).hasSize(6);

        for (int i = 1; i <= 6; i++) generator.release("Count employees b" + i);
        answerAll();

        assertThat(output(topics.answers()).readValuesToList())
                .extracting(AnswerValidated::getQuestionId)
                .containsExactlyInAnyOrder("b1", "b2", "b3", "b4", "b5", "b6");
        assertThat(generator.mostUnderWay()).isEqualTo(4);
    }

    @Test
    void aStackOverflowInARunIsDeadLetteredAsProcessingErrorAndTheNextQuestionIsAnswered() {
        input.pipeInput("q5", question("q5", "Overflow the parser"));
        input.pipeInput("q6", question("q6", "Count employees"));
        answerAll();

        FailureRecord failure = output(topics.deadLetter(ErrorClass.PROCESSING_ERROR.deadLetterTopic(Stage.GENERATION)))
                .readValue();
        assertThat(failure.getErrorClass()).isEqualTo("processing_error");
        assertThat(failure.getMessage()).contains("StackOverflowError");
        assertThat(failure.getCorrelationId()).isEqualTo("corr-q5");
        assertThat(failure.getOriginalTopic())
                .isEqualTo(topics.contextRetrieved().name());
        assertThat(failure.getOriginalKey()).isEqualTo(ByteBuffer.wrap("q5".getBytes(StandardCharsets.UTF_8)));
        byte[] original = new byte[failure.getOriginalValue().remaining()];
        failure.getOriginalValue().get(original);
        assertThat(topics.contextRetrieved()
                        .valueSerde()
                        .deserializer()
                        .deserialize(topics.contextRetrieved().name(), original)
                        .getQuestion()
                        .getQuestion())
                .isEqualTo("Overflow the parser");
        assertThat(output(topics.answers()).readValue().getQuestionId()).isEqualTo("q6");
    }
}
