package dev.schemarag.core.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Outcome;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.metrics.DeadLetterMeters;
import dev.schemarag.events.FailureRecord;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;
import org.junit.jupiter.api.Test;

/** Records {@code value} are delivered; records {@code error_class/stage} are failures of that class in that stage. */
class DeadLetterRoutingTest {
    private static final String IN = "routing.in";
    private static final String OUT = "routing.out";

    private final InMemorySchemaRegistry registry = new InMemorySchemaRegistry();
    private final Topics topics = new Topics("routing.", registry);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    private TopologyTestDriver driver(Stage... stages) {
        StreamsBuilder builder = new StreamsBuilder();
        DeadLetterRouting.route(
                        builder.stream(IN, Consumed.with(Serdes.String(), Serdes.String()))
                                .mapValues(DeadLetterRoutingTest::outcome),
                        topics,
                        meters,
                        stages)
                .to(OUT, Produced.with(Serdes.String(), Serdes.String()));
        Properties settings = new Properties();
        settings.put(StreamsConfig.APPLICATION_ID_CONFIG, "routing");
        settings.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9");
        return new TopologyTestDriver(builder.build(), settings);
    }

    private static Outcome<String> outcome(String value) {
        if (!value.contains("/")) return Outcome.delivered(value);
        String[] classAndStage = value.split("/");
        return Outcome.deadLettered(Failures.failure(
                        Stage.byWireName(classAndStage[1]),
                        ErrorClass.fromWireName(classAndStage[0]).orElseThrow(),
                        value)
                .build());
    }

    private List<String> deadLetters(TopologyTestDriver driver, DeadLetterTopic which) {
        return driver
                .createOutputTopic(
                        topics.deadLetter(which).name(),
                        new StringDeserializer(),
                        topics.deadLetter(which).valueSerde().deserializer())
                .readValuesToList()
                .stream()
                .map(FailureRecord::getMessage)
                .toList();
    }

    private double counted(DeadLetterTopic which) {
        return meters.get(DeadLetterMeters.NAME)
                .tag("topic", topics.deadLetter(which).name())
                .counter()
                .count();
    }

    @Test
    void eachDeadLetterGoesToTheTopicOfItsClassAndStageCountedAndTheRestIsDelivered() {
        try (TopologyTestDriver driver = driver(Stage.GENERATION, Stage.VALIDATION)) {
            TestInputTopic<String, String> in =
                    driver.createInputTopic(IN, new StringSerializer(), new StringSerializer());
            in.pipeInput("q1", "SELECT 1");
            in.pipeInput("q2", "query_timeout/validation");
            in.pipeInput("q3", "sql_error/validation");
            in.pipeInput("q4", "generation_unavailable/generation");
            in.pipeInput("q5", "malformed_event/generation");
            in.pipeInput("q6", "SELECT 2");

            assertThat(driver.createOutputTopic(OUT, new StringDeserializer(), new StringDeserializer())
                            .readValuesToList())
                    .containsExactly("SELECT 1", "SELECT 2");
            assertThat(deadLetters(driver, DeadLetterTopic.QUERY_TIMEOUT)).containsExactly("query_timeout/validation");
            assertThat(deadLetters(driver, DeadLetterTopic.SQL_ERROR)).containsExactly("sql_error/validation");
            assertThat(deadLetters(driver, DeadLetterTopic.GENERATION_UNAVAILABLE))
                    .containsExactly("generation_unavailable/generation");
            assertThat(deadLetters(driver, DeadLetterTopic.UNKNOWN)).containsExactly("malformed_event/generation");
            assertThat(counted(DeadLetterTopic.QUERY_TIMEOUT)).isEqualTo(1);
            assertThat(counted(DeadLetterTopic.UNKNOWN)).isEqualTo(1);
            assertThat(counted(DeadLetterTopic.INFRA_FAILURE)).isZero();
        }
    }

    @Test
    void aStageWithOneTopicSendsEveryClassThere() {
        try (TopologyTestDriver driver = driver(Stage.RETRIEVAL)) {
            TestInputTopic<String, String> in =
                    driver.createInputTopic(IN, new StringSerializer(), new StringSerializer());
            in.pipeInput("q1", "unknown_database/retrieval");
            in.pipeInput("q2", "infra_failure/retrieval");

            assertThat(deadLetters(driver, DeadLetterTopic.RETRIEVAL))
                    .containsExactly("unknown_database/retrieval", "infra_failure/retrieval");
            assertThat(counted(DeadLetterTopic.RETRIEVAL)).isEqualTo(2);
            assertThat(meters.find(DeadLetterMeters.NAME)
                            .tag(
                                    "topic",
                                    topics.deadLetter(DeadLetterTopic.INFRA_FAILURE)
                                            .name())
                            .counter())
                    .as("no branch for a topic the stage cannot reach")
                    .isNull();
        }
    }
}
