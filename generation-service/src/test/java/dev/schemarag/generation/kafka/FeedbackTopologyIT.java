package dev.schemarag.generation.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.embedding.OnnxEmbeddingModel;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.store.Database;
import dev.schemarag.events.AnswerFeedback;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.FeedbackVerdict;
import dev.schemarag.generation.Deadline;
import dev.schemarag.generation.GenerationOutcome;
import dev.schemarag.generation.GenerationRequest;
import dev.schemarag.generation.examples.VerifiedExampleGenerator;
import dev.schemarag.generation.postgres.VerifiedExampleStore;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The feedback topology through TopologyTestDriver on the real store and the stack's schema registry: a verdict
 * changes what the offline generator may serve, and feedback naming no answer is dead-lettered without stopping.
 */
class FeedbackTopologyIT {
    private static final String STORE_DB = "generation_feedback_it";
    private static final String SQL = "SELECT e.department_id, count(*) FROM hr.employees e GROUP BY e.department_id";

    private static Database store;
    private static VerifiedExampleStore examples;
    private TopologyTestDriver driver;
    private Topics topics;
    private TestInputTopic<String, AnswerFeedback> feedback;
    private String databaseId;

    @BeforeAll
    static void openStore() {
        EmbeddedStack stack = SharedTestStack.get();
        stack.postgres().createDatabaseIfMissing(STORE_DB);
        String url = stack.postgres().jdbcUrl(STORE_DB);
        Flyway.configure()
                .dataSource(url, stack.postgres().user(), stack.postgres().password())
                .locations("filesystem:"
                        + Path.of("../core/src/main/resources/db/migration").toAbsolutePath())
                .load()
                .migrate();
        store = new Database(url, stack.postgres().user(), stack.postgres().password());
        examples = new VerifiedExampleStore(store, OnnxEmbeddingModel.examplesDefault());
    }

    @AfterAll
    static void closeStore() {
        if (store != null) store.close();
    }

    @BeforeEach
    void build() {
        databaseId = "fb-" + UUID.randomUUID();
        topics = new Topics("generation-feedback-it.", SharedTestStack.get().registryClient());
        StreamsBuilder builder = new StreamsBuilder();
        FeedbackTopology.build(builder, topics, examples);
        java.util.Properties props = new java.util.Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "generation-feedback-it");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        driver = new TopologyTestDriver(builder.build(), props);
        Topic<String, AnswerFeedback> source = topics.feedback();
        feedback = driver.createInputTopic(
                source.name(),
                source.keySerde().serializer(),
                source.valueSerde().serializer());
    }

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void anApprovedCandidateIsServedOfflineAndARejectionWithdrawsItForGood() throws Exception {
        String id = answered("How many employees work in each department?");
        String later = "How many employees are in each department?";
        assertThat(offline(later)).isInstanceOf(GenerationOutcome.Unavailable.class);

        feedback.pipeInput(id, verdict(id, FeedbackVerdict.APPROVE, "checked against the payroll report", "ada"));

        assertThat(offline(later)).isInstanceOfSatisfying(GenerationOutcome.Generated.class, g -> assertThat(
                        g.sql().sql())
                .isEqualTo(SQL));
        assertThat(column(id, "review_note")).isEqualTo("checked against the payroll report");
        assertThat(column(id, "reviewed_by")).isEqualTo("ada");

        feedback.pipeInput(id, verdict(id, FeedbackVerdict.REJECT, null, null));
        feedback.pipeInput(id, verdict(id, FeedbackVerdict.APPROVE, null, null));

        assertThat(offline(later)).isInstanceOf(GenerationOutcome.Unavailable.class);
        assertThat(column(id, "status")).isEqualTo("rejected");
        assertThat(deadLetters().isEmpty()).isTrue();
    }

    @Test
    void feedbackOnAnUnknownQuestionIsDeadLetteredWithItsBytesAndTheNextIsStillApplied() throws Exception {
        String unknown = "no-such-question-" + UUID.randomUUID();
        String id = answered("Which departments have no employees?");

        feedback.pipeInput(unknown, verdict(unknown, FeedbackVerdict.APPROVE, null, null));
        feedback.pipeInput("blank", verdict("  ", FeedbackVerdict.APPROVE, null, null));
        feedback.pipeInput("tombstone", (AnswerFeedback) null);
        feedback.pipeInput(id, verdict(id, FeedbackVerdict.APPROVE, null, null));

        List<FailureRecord> failures = deadLetters().readValuesToList();
        assertThat(failures)
                .extracting(FailureRecord::getErrorClass)
                .containsExactly("unknown_question", "unknown_question", "malformed_event");
        assertThat(failures).extracting(FailureRecord::getStage).containsOnly("feedback");
        assertThat(failures.get(0).getMessage()).isEqualTo("no answer has question id '" + unknown + "'");
        byte[] original = new byte[failures.get(0).getOriginalValue().remaining()];
        failures.get(0).getOriginalValue().get(original);
        assertThat(topics.feedback()
                        .valueSerde()
                        .deserializer()
                        .deserialize(topics.feedback().name(), original)
                        .getQuestionId())
                .isEqualTo(unknown);
        assertThat(column(id, "status")).isEqualTo("approved");
    }

    /** A validated answer to {@code question}, as the answer pipeline stores it; returns its question id. */
    private String answered(String question) throws Exception {
        String id = "q-" + UUID.randomUUID();
        examples.validated(id, databaseId, question, SQL);
        return id;
    }

    private GenerationOutcome offline(String question) {
        return new VerifiedExampleGenerator(examples, VerifiedExampleGenerator.DEFAULT_THRESHOLD)
                .generate(
                        new GenerationRequest(
                                "later",
                                databaseId,
                                question,
                                Asker.ANONYMOUS,
                                Optional.empty(),
                                "packet",
                                List.of(),
                                List.of(),
                                0.9,
                                Optional.empty(),
                                Optional.empty()),
                        Deadline.after(Duration.ofMinutes(1)));
    }

    private static AnswerFeedback verdict(String questionId, FeedbackVerdict verdict, String note, String actor) {
        return AnswerFeedback.newBuilder()
                .setQuestionId(questionId)
                .setVerdict(verdict)
                .setNote(note)
                .setActor(actor)
                .setTimestamp(Instant.now())
                .build();
    }

    private TestOutputTopic<String, FailureRecord> deadLetters() {
        Topic<String, FailureRecord> dlq = topics.deadLetter(DeadLetterTopic.UNKNOWN);
        return driver.createOutputTopic(
                dlq.name(), dlq.keySerde().deserializer(), dlq.valueSerde().deserializer());
    }

    private static String column(String questionId, String column) throws Exception {
        try (Connection session = store.borrow();
                PreparedStatement ps = session.prepareStatement(
                        "SELECT " + column + " FROM verified_examples WHERE question_id = ?")) {
            ps.setString(1, questionId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
