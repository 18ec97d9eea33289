package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.questions.AskClient;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code feedback <question-id> approve|reject} through the command line on the real stack: the event reaches the
 * generation service of the running pipeline, which reviews the answer it stored for that question.
 */
class FeedbackCommandIT {
    private static final Duration WAIT = Duration.ofSeconds(60);

    private static CliTestEnvironment environment;
    private static QuestionAsked answered;

    @BeforeAll
    static void answerOneQuestion(@TempDir Path dir) throws Exception {
        environment = CliTestEnvironment.start("feedback_it", dir);
        try (AskClient client = new AskClient(
                environment.services.bootstrapServers(),
                environment.services.security(),
                environment.services.topics())) {
            answered = client.send(environment.databaseId, "How many employees are in each department?", null);
            assertThat(client.await(List.of(answered), WAIT)
                            .get(answered.getCorrelationId())
                            .answer())
                    .isNotNull();
        }
    }

    @AfterAll
    static void stop() {
        if (environment != null) environment.close();
    }

    @Test
    void anApprovalReachesTheAnswerStoredForTheQuestion() throws Exception {
        assertThat(status(answered.getId())).isEqualTo("candidate");

        CliTestEnvironment.Run run = CliTestEnvironment.execute(
                "feedback", answered.getId(), "approve", "--note", "matches the docs", "--by", "ada");

        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.output()).contains("approve sent for question " + answered.getId() + " on feedback_it.feedback");
        await().atMost(WAIT)
                .untilAsserted(() -> assertThat(status(answered.getId())).isEqualTo("approved"));
    }

    @Test
    void feedbackOnAnUnknownQuestionEndsOnTheUnknownDeadLetterTopic() {
        String unknown = "no-such-question-" + UUID.randomUUID();

        CliTestEnvironment.Run run = CliTestEnvironment.execute("feedback", unknown, "reject");

        assertThat(run.exitCode()).as(run.output()).isZero();
        Topic<String, FailureRecord> dlq = environment.services.topics().deadLetter(DeadLetterTopic.UNKNOWN);
        try (KafkaConsumer<String, FailureRecord> consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        environment.services.bootstrapServers(),
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed"),
                new StringDeserializer(),
                dlq.valueSerde().deserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(dlq.name()).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            List<FailureRecord> matching = new ArrayList<>();
            await("a dead letter for feedback on " + unknown)
                    .atMost(WAIT)
                    .pollInSameThread()
                    .until(() -> {
                        for (var record : consumer.poll(Duration.ofMillis(500))) {
                            if (record.value().getMessage().contains(unknown)) matching.add(record.value());
                        }
                        return !matching.isEmpty();
                    });
            assertThat(matching).extracting(FailureRecord::getErrorClass).containsOnly("unknown_question");
        }
    }

    private static String status(String questionId) throws Exception {
        try (Connection session = environment.services.store().borrow();
                PreparedStatement ps =
                        session.prepareStatement("SELECT status FROM verified_examples WHERE question_id = ?")) {
            ps.setString(1, questionId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
