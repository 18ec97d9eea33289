package dev.schemarag.generation.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.config.Asker;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsProperties;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QueryResult;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.answer.Events;
import dev.schemarag.generation.answer.ExplainResult;
import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.answer.TargetDatabases;
import dev.schemarag.generation.execution.ExecutionOutcome;
import dev.schemarag.generation.execution.ExecutionPipeline;
import dev.schemarag.generation.execution.QueryExecutor;
import dev.schemarag.generation.execution.ResultColumn;
import dev.schemarag.generation.validation.SchemaColumns;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The execution topology's routing through TopologyTestDriver with the production streams settings (at-least-once,
 * see RetrievalTopologyTest) and the real Avro serdes: the executor answers by the statement's text on the worker
 * threads, no LLM repairs, and the test moves the wall clock so that the punctuation forwards what the workers
 * finished.
 */
class ExecutionTopologyTest {
    private static final Duration PUNCTUATE_INTERVAL = Duration.ofMillis(10);
    private static final String COUNT = "SELECT count(*) FROM public.employees e";

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final StageWorkers workers = new StageWorkers("test", 2);
    private TopologyTestDriver driver;
    private Topics topics;
    private TestInputTopic<String, AnswerValidated> input;

    /** Rows for a count; the SQLSTATE after "fails " for the others; throws for "throws". */
    private static ExecutionOutcome execute(String databaseId, Asker asker, String sql, int maxRows, Duration atMost) {
        if (sql.contains("throws")) throw new IllegalStateException("the executor broke");
        if (sql.contains("refused"))
            return new ExecutionOutcome.Refused(ErrorClass.INFRA_FAILURE, "the bulkhead is full");
        int fails = sql.indexOf("fails ");
        if (fails >= 0) return new ExecutionOutcome.Rejected(sql.substring(fails + 6, fails + 11), "ERROR: scripted");
        return new ExecutionOutcome.Rows(
                List.of(new ResultColumn("count", "int8", Optional.empty())),
                List.of(List.of("3")),
                false,
                4,
                "schemarag_reader");
    }

    @BeforeEach
    void build(@TempDir Path stateDir) {
        topics = new Topics("execution-topology-test.", new InMemorySchemaRegistry());
        TargetDatabases planner = new TargetDatabases() {
            @Override
            public ExplainResult explain(String databaseId, Asker asker, String sql, Duration atMost) {
                return new ExplainResult.Planned("Aggregate");
            }

            @Override
            public boolean admits(String databaseId, Asker asker) {
                return true;
            }

            @Override
            public boolean executes(String databaseId) {
                return true;
            }

            @Override
            public SchemaColumns columns(String databaseId, List<String> tables) {
                return SchemaColumns.of(Map.of("public.employees", List.of("employee_id")));
            }
        };
        QueryExecutor executor = ExecutionTopologyTest::execute;
        ExecutionPipeline pipeline = new ExecutionPipeline(
                executor,
                (request, deadline) -> GenerationOutcome.unavailable("no LLM configured"),
                planner,
                new StatementValidator(planner),
                3,
                1_000,
                Duration.ofSeconds(60),
                System::nanoTime);
        StreamsBuilder builder = new StreamsBuilder();
        ExecutionTopology.build(builder, topics, pipeline, workers, PUNCTUATE_INTERVAL, meters);
        // As ExecutionService configures it.
        Properties props = StreamsProperties.of(
                "execution-topology-test",
                "127.0.0.1:9",
                KafkaClientSecurity.none(),
                topics.deadLetter(DeadLetterTopic.UNKNOWN),
                "execution",
                stateDir,
                StreamsSettings.DEFAULTS,
                ExecutionTopology.LONGEST_STEP);
        props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.AT_LEAST_ONCE);
        driver = new TopologyTestDriver(builder.build(), props);
        Topic<String, AnswerValidated> source = topics.answers();
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

    /** Moves the wall clock until every buffered answer has been forwarded. */
    private void executeAll() {
        KeyValueStore<String, Object> store = driver.getKeyValueStore(ExecutionWork.STORE);
        Awaitility.await("every buffered answer forwarded")
                .atMost(Duration.ofSeconds(10))
                .pollInSameThread()
                .pollInterval(Duration.ofMillis(5))
                .until(() -> {
                    driver.advanceWallClockTime(PUNCTUATE_INTERVAL);
                    return store.approximateNumEntries() == 0;
                });
    }

    private <V> TestOutputTopic<String, V> output(Topic<String, V> topic) {
        return driver.createOutputTopic(
                topic.name(),
                topic.keySerde().deserializer(),
                topic.valueSerde().deserializer());
    }

    private static AnswerValidated answer(String id, String sql, boolean execute) {
        ContextRetrieved context = Events.context(
                id,
                "erp",
                "How many employees?",
                "CREATE TABLE public.employees (employee_id bigint);",
                "public.employees");
        return Events.answer(context, sql, execute);
    }

    private double outcomes(String outcomeClass) {
        return meters.get(ExecutionMeters.OUTCOMES)
                .tag("class", outcomeClass)
                .counter()
                .count();
    }

    @Test
    void anAnswerToExecuteGivesItsRowsOnResultsUnderItsKey() {
        input.pipeInput("q1", answer("q1", COUNT, true));
        executeAll();

        List<org.apache.kafka.streams.test.TestRecord<String, QueryResult>> results =
                output(topics.results()).readRecordsToList();
        assertThat(results).hasSize(1);
        QueryResult result = results.get(0).value();
        assertThat(results.get(0).key()).isEqualTo("q1");
        assertThat(result.getCorrelationId()).isEqualTo("corr-q1");
        assertThat(result.getRows()).containsExactly(List.of("3"));
        assertThat(result.getColumns().get(0).getType()).isEqualTo("int8");
        assertThat(result.getAnswer().getContext()).isNull();
        assertThat(outcomes(ExecutionMeters.EXECUTED)).isEqualTo(1);
        assertThat(meters.get(ExecutionMeters.ROWS).summary().totalAmount()).isEqualTo(1);
        assertThat(meters.get(ExecutionMeters.TIME).timer().count()).isEqualTo(1);
    }

    @Test
    void anAnswerNotToExecuteIsSkipped() {
        input.pipeInput("q2", answer("q2", COUNT, false));
        input.pipeInput("q3", answer("q3", COUNT, true));
        executeAll();

        assertThat(output(topics.results()).readValuesToList())
                .extracting(QueryResult::getQuestionId)
                .containsExactly("q3");
    }

    @ParameterizedTest
    @CsvSource({
        "fails 22012, SQL_ERROR, 22012",
        "fails 57014, QUERY_TIMEOUT, 57014",
        "fails 08006, INFRA_FAILURE, 08006",
        "fails 42501, VALIDATION_BLOCK, 42501",
        "refused, INFRA_FAILURE, ",
    })
    void eachFailureGoesToItsClassesDeadLetterTopicWithTheAnswerToReplay(
            String script, ErrorClass errorClass, String sqlState) {
        AnswerValidated answer = answer("q4", COUNT + " -- " + script, true);
        input.pipeInput("q4", answer);
        executeAll();

        FailureRecord failure = output(
                        topics.deadLetter(errorClass.deadLetterTopic(dev.schemarag.core.failure.Stage.EXECUTION)))
                .readValue();
        assertThat(failure.getStage()).isEqualTo("execution");
        assertThat(failure.getErrorClass()).isEqualTo(errorClass.wireName());
        assertThat(failure.getSqlstate()).isEqualTo(sqlState);
        assertThat(failure.getAttempt()).isEqualTo(1);
        assertThat(failure.getCorrelationId()).isEqualTo("corr-q4");
        assertThat(failure.getOriginalTopic()).isEqualTo(topics.answers().name());
        assertThat(failure.getOriginalKey()).isEqualTo(ByteBuffer.wrap("q4".getBytes(StandardCharsets.UTF_8)));
        byte[] original = new byte[failure.getOriginalValue().remaining()];
        failure.getOriginalValue().get(original);
        assertThat(topics.answers()
                        .valueSerde()
                        .deserializer()
                        .deserialize(topics.answers().name(), original))
                .isEqualTo(answer);
        assertThat(output(topics.results()).isEmpty()).isTrue();
        assertThat(outcomes(errorClass.wireName())).isEqualTo(1);
    }

    @Test
    void aThrowingExecutorIsAProcessingErrorAndTheNextAnswerStillRuns() {
        input.pipeInput("q5", answer("q5", COUNT + " -- throws", true));
        input.pipeInput("q6", answer("q6", COUNT, true));
        executeAll();

        FailureRecord failure =
                output(topics.deadLetter(DeadLetterTopic.UNKNOWN)).readValue();
        assertThat(failure.getStage()).isEqualTo("execution");
        assertThat(failure.getErrorClass()).isEqualTo("processing_error");
        assertThat(failure.getMessage()).contains("the executor broke");
        assertThat(output(topics.results()).readValue().getQuestionId()).isEqualTo("q6");
    }

    @Test
    void bytesThatAreNotAvroAreDeadLetteredAsMalformedAndTheNextAnswerStillRuns() {
        byte[] value = "not an Avro record".getBytes(StandardCharsets.UTF_8);
        driver.createInputTopic(topics.answers().name(), new ByteArraySerializer(), new ByteArraySerializer())
                .pipeInput("poison".getBytes(StandardCharsets.UTF_8), value);
        input.pipeInput("q7", answer("q7", COUNT, true));
        executeAll();

        FailureRecord failure =
                output(topics.deadLetter(DeadLetterTopic.UNKNOWN)).readValue();
        assertThat(failure.getStage()).isEqualTo("execution");
        assertThat(failure.getErrorClass()).isEqualTo("malformed_event");
        assertThat(failure.getOriginalValue()).isEqualTo(ByteBuffer.wrap(value));
        assertThat(output(topics.results()).readValue().getQuestionId()).isEqualTo("q7");
    }
}
