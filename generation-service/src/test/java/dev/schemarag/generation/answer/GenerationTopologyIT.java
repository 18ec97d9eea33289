package dev.schemarag.generation.answer;

import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.SqlGenerated;
import dev.schemarag.generation.GeneratedSql;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.validation.SchemaColumns;
import dev.schemarag.stack.SharedTestStack;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The topology's routing through TopologyTestDriver: no broker, but the real Avro serdes, hence the stack's
 * schema registry. The generator answers per question; the database plans everything.
 */
class GenerationTopologyIT {
    private static final Map<String, String> SQL_BY_QUESTION = Map.of(
            "Count employees", "SELECT count(*) FROM public.employees e",
            "Drop everything", "DROP TABLE public.employees");

    private TopologyTestDriver driver;
    private Topics topics;
    private TestInputTopic<String, ContextRetrieved> input;

    @BeforeEach
    void build() {
        topics = new Topics("generation-topology-it.", SharedTestStack.get().registryClient());
        TargetDatabases planner = new TargetDatabases() {
            @Override
            public ExplainResult explain(String databaseId, String sql) {
                return new ExplainResult.Planned("Aggregate");
            }

            @Override
            public SchemaColumns columns(String databaseId, List<String> tables) {
                return SchemaColumns.of(Map.of("public.employees", List.of("employee_id", "last_name")));
            }
        };
        AnswerPipeline pipeline = new AnswerPipeline(request -> SQL_BY_QUESTION.containsKey(request.question())
                ? GenerationOutcome.generated(new GeneratedSql(SQL_BY_QUESTION.get(request.question()), "", 0.9, List.of(), List.of(), "llm"))
                : GenerationOutcome.unavailable("no LLM configured"), planner, (id, db, question, sql) -> {}, 3);
        StreamsBuilder builder = new StreamsBuilder();
        GenerationTopology.build(builder, topics, pipeline);
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "generation-topology-it");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        driver = new TopologyTestDriver(builder.build(), props);
        Topic<String, ContextRetrieved> source = topics.contextRetrieved();
        input = driver.createInputTopic(source.name(), source.keySerde().serializer(), source.valueSerde().serializer());
    }

    @AfterEach
    void close() {
        driver.close();
    }

    private <V> TestOutputTopic<String, V> output(Topic<String, V> topic) {
        return driver.createOutputTopic(topic.name(), topic.keySerde().deserializer(), topic.valueSerde().deserializer());
    }

    private static ContextRetrieved question(String id, String text) {
        return Events.context(id, "erp", text, "CREATE TABLE public.employees (employee_id bigint, last_name text);", "public.employees");
    }

    @Test
    void validAnswerGoesToAnswersAndItsCandidateToSqlGenerated() {
        input.pipeInput("q1", question("q1", "Count employees"));

        AnswerValidated answer = output(topics.answers()).readValue();
        assertThat(answer.getSql()).isEqualTo("SELECT count(*) FROM public.employees e");
        assertThat(output(topics.sqlGenerated()).readValuesToList()).extracting(SqlGenerated::getAttempt).containsExactly(1);
        assertThat(output(topics.deadLetter(DeadLetterTopic.VALIDATION_BLOCK)).isEmpty()).isTrue();
    }

    @Test
    void blockedAnswerGoesToValidationBlockWithTheOriginalEvent() {
        input.pipeInput("q2", question("q2", "Drop everything"));

        FailureRecord failure = output(topics.deadLetter(DeadLetterTopic.VALIDATION_BLOCK)).readValue();
        assertThat(failure.getErrorClass()).isEqualTo("validation_block");
        assertThat(failure.getCorrelationId()).isEqualTo("corr-q2");
        assertThat(failure.getOriginalTopic()).isEqualTo(topics.contextRetrieved().name());
        byte[] original = new byte[failure.getOriginalValue().remaining()];
        failure.getOriginalValue().get(original);
        assertThat(topics.contextRetrieved().valueSerde().deserializer().deserialize(topics.contextRetrieved().name(), original)
                .getQuestion().getId()).isEqualTo("q2");
        assertThat(output(topics.answers()).isEmpty()).isTrue();
    }

    @Test
    void noSqlGoesToGenerationUnavailableWithTheContextPacket() {
        input.pipeInput("q3", question("q3", "Something nobody documented"));

        FailureRecord failure = output(topics.deadLetter(DeadLetterTopic.GENERATION_UNAVAILABLE)).readValue();
        assertThat(failure.getStage()).isEqualTo("generation");
        assertThat(failure.getContext()).startsWith("CREATE TABLE public.employees");
        assertThat(output(topics.sqlGenerated()).isEmpty()).isTrue();
    }
}
