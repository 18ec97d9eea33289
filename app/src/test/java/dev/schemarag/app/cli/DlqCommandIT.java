package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.Failures;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.questions.AskClient;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dlq list|show|replay} through the command line on the real stack, over the dead-letter records the pipeline
 * wrote for two failed questions. The pipeline is stopped before the commands run, so a replayed question stays on
 * the questions topic where the test reads it.
 */
class DlqCommandIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern LIST_LINE = Pattern.compile("(?m)^([a-z_]+) +(\\d+)$");
    private static final String UNANSWERABLE = "Which employees were hired on a Monday?";
    /** What an output_too_large dead letter keeps: a cut prefix of the output, not the input. */
    private static final byte[] OUTPUT_PREFIX = "a cut prefix of an output record".getBytes(StandardCharsets.UTF_8);

    private static CliTestEnvironment environment;
    private static QuestionAsked unregistered;
    private static QuestionAsked unanswerable;

    @BeforeAll
    static void failTwoQuestions(@TempDir Path dir) throws Exception {
        environment = CliTestEnvironment.start("dlq_it", dir);
        try (AskClient client = new AskClient(
                environment.services.bootstrapServers(),
                environment.services.security(),
                environment.services.topics())) {
            unregistered = client.send("nowhere", "How many employees are there?", null);
            unanswerable = client.send(environment.databaseId, UNANSWERABLE, null);
            assertThat(client.await(List.of(unregistered, unanswerable), WAIT)).hasSize(2);
        }
        environment.stopPipeline();
        Topic<String, FailureRecord> ingestDlq = environment.services.topics().deadLetter(DeadLetterTopic.INGEST);
        try (KafkaProducer<String, FailureRecord> producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, environment.services.bootstrapServers()),
                new StringSerializer(),
                ingestDlq.valueSerde().serializer())) {
            FailureRecord tooLarge = Failures.failure(
                            Stage.INGEST,
                            ErrorClass.OUTPUT_TOO_LARGE,
                            "record too large",
                            environment.services.topics().questions().name(),
                            0,
                            7L,
                            null,
                            OUTPUT_PREFIX)
                    .build();
            producer.send(new ProducerRecord<>(ingestDlq.name(), "k", tooLarge)).get();
        }
    }

    @AfterAll
    static void stop() {
        if (environment != null) environment.close();
    }

    @Test
    void listCountsTheRecordsOfEveryDeadLetterTopic() {
        CliTestEnvironment.Run run = CliTestEnvironment.execute("dlq", "list");

        assertThat(run.exitCode()).isZero();
        Map<String, Integer> counts = new TreeMap<>();
        Matcher line = LIST_LINE.matcher(run.output());
        while (line.find()) counts.put(line.group(1), Integer.parseInt(line.group(2)));
        assertThat(counts)
                .containsExactlyInAnyOrderEntriesOf(Map.of(
                        "ingest",
                        1,
                        "retrieval",
                        1,
                        "infra_failure",
                        0,
                        "query_timeout",
                        0,
                        "validation_block",
                        0,
                        "sql_error",
                        0,
                        "unknown",
                        0,
                        "generation_unavailable",
                        1,
                        "access_denied",
                        0));
    }

    @Test
    void showPrintsTheRecordsOfOneClassWithTheirQuestionAndCorrelationIds() {
        CliTestEnvironment.Run run = CliTestEnvironment.execute("dlq", "show", "retrieval");

        assertThat(run.exitCode()).isZero();
        assertThat(run.output())
                .containsPattern("(?m)^\\S+ retrieval unknown_database attempt 1 question "
                        + Pattern.quote(unregistered.getId()) + " correlation "
                        + Pattern.quote(unregistered.getCorrelationId())
                        + ": database 'nowhere' has no catalog in the store: not registered, or not synced yet$");
    }

    @Test
    void replaySendsTheQuestionBackToTheQuestionsTopicWithItsCorrelationId() {
        assertReplays("generation_unavailable", unanswerable);
    }

    @Test
    void replayOfARetrievalFailureSendsItsQuestionBackToo() {
        assertReplays("retrieval", unregistered);
    }

    @Test
    void replaySkipsAnOutputTooLargeAndNamesTheInputToResend() {
        Topic<String, QuestionAsked> questions = environment.services.topics().questions();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, environment.services.bootstrapServers()),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = partitionsOf(consumer, questions.name());
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            long end = positionSum(consumer, partitions);

            CliTestEnvironment.Run run = CliTestEnvironment.execute("dlq", "replay", "ingest");

            assertThat(run.exitCode()).isZero();
            assertThat(run.output())
                    .contains("replayed 0 of 1 record(s) from dlq_it.dlq.ingest")
                    .contains("not replayed: output_too_large from " + questions.name() + " partition 0 offset 7");
            consumer.seekToEnd(partitions);
            assertThat(positionSum(consumer, partitions))
                    .as("nothing sent back to the input topic")
                    .isEqualTo(end);
        }
    }

    private static void assertReplays(String errorClass, QuestionAsked question) {
        Topic<String, QuestionAsked> questions = environment.services.topics().questions();
        try (KafkaConsumer<String, QuestionAsked> consumer = new KafkaConsumer<>(
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, environment.services.bootstrapServers()),
                new StringDeserializer(),
                questions.valueSerde().deserializer())) {
            List<TopicPartition> partitions = partitionsOf(consumer, questions.name());
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            partitions.forEach(consumer::position); // fix the start now, before the replay

            CliTestEnvironment.Run run = CliTestEnvironment.execute("dlq", "replay", errorClass);

            assertThat(run.exitCode()).isZero();
            assertThat(run.output()).contains("replayed 1 of 1 record(s) from dlq_it.dlq." + errorClass);
            ConsumerRecord<String, QuestionAsked> replayed = next(consumer);
            assertThat(replayed.key()).isEqualTo(question.getId());
            assertThat(replayed.value().getCorrelationId()).isEqualTo(question.getCorrelationId());
            assertThat(replayed.value().getQuestion()).isEqualTo(question.getQuestion());
            assertThat(replayed.value().getDatabaseId()).isEqualTo(question.getDatabaseId());
        }
    }

    private static List<TopicPartition> partitionsOf(KafkaConsumer<?, ?> consumer, String topic) {
        return consumer.partitionsFor(topic).stream()
                .map(info -> new TopicPartition(topic, info.partition()))
                .toList();
    }

    /** The sum of the consumer's positions: it grows when any partition gets a record. */
    private static long positionSum(KafkaConsumer<?, ?> consumer, List<TopicPartition> partitions) {
        return partitions.stream().mapToLong(consumer::position).sum();
    }

    private static ConsumerRecord<String, QuestionAsked> next(KafkaConsumer<String, QuestionAsked> consumer) {
        List<ConsumerRecord<String, QuestionAsked>> read = new ArrayList<>();
        await().atMost(WAIT).pollInSameThread().until(() -> {
            consumer.poll(Duration.ofMillis(200)).forEach(read::add);
            return !read.isEmpty();
        });
        assertThat(read).hasSize(1);
        return read.get(0);
    }
}
