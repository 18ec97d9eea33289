package dev.schemarag.generation.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.core.kafka.StreamsProperties;
import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.AnswerFeedback;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.FeedbackVerdict;
import dev.schemarag.generation.examples.AnswerReviews;
import dev.schemarag.generation.examples.ExampleStatus;
import dev.schemarag.generation.examples.ExampleStoreException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The feedback topology in a TopologyTestDriver with the production streams settings (at-least-once, see
 * RetrievalTopologyTest), Avro serdes over an in-memory schema registry and answers held in memory; FeedbackTopologyIT
 * runs it on the real store.
 */
class FeedbackTopologyTest {
    private final InMemoryReviews reviews = new InMemoryReviews();
    private TopologyTestDriver driver;
    private Topics topics;
    private TestInputTopic<String, AnswerFeedback> feedback;
    private TestOutputTopic<String, FailureRecord> deadLetters;

    @BeforeEach
    void build(@TempDir Path stateDir) {
        topics = new Topics("generation-feedback-test.", new InMemorySchemaRegistry());
        StreamsBuilder builder = new StreamsBuilder();
        FeedbackTopology.build(builder, topics, reviews);
        Topic<String, FailureRecord> dlq = topics.deadLetter(DeadLetterTopic.UNKNOWN);
        // As GenerationService configures it.
        Properties props = StreamsProperties.of(
                "generation-feedback-test",
                "127.0.0.1:9",
                KafkaClientSecurity.none(),
                dlq,
                "validation",
                stateDir,
                StreamsSettings.DEFAULTS,
                Duration.ofSeconds(10));
        props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.AT_LEAST_ONCE);
        driver = new TopologyTestDriver(builder.build(), props);
        Topic<String, AnswerFeedback> source = topics.feedback();
        feedback = driver.createInputTopic(
                source.name(),
                source.keySerde().serializer(),
                source.valueSerde().serializer());
        deadLetters = driver.createOutputTopic(
                dlq.name(), dlq.keySerde().deserializer(), dlq.valueSerde().deserializer());
    }

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void verdictsReachTheAnswerCleanedAndARejectionIsFinal() {
        reviews.statuses.put("q-1", ExampleStatus.CANDIDATE);

        feedback.pipeInput("q-1", verdict(" q-1 ", FeedbackVerdict.APPROVE, "checked\u0000 against payroll", "ada"));
        feedback.pipeInput("q-1", verdict("q-1", FeedbackVerdict.REJECT, null, null));
        feedback.pipeInput("q-1", verdict("q-1", FeedbackVerdict.APPROVE, "  ", null));

        assertThat(reviews.applied)
                .containsExactly(
                        "q-1 APPROVE note=checked against payroll actor=ada",
                        "q-1 REJECT note=null actor=null",
                        "q-1 APPROVE note=null actor=null");
        assertThat(reviews.statuses).containsEntry("q-1", ExampleStatus.REJECTED);
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void feedbackNamingNoAnswerIsDeadLetteredWithItsBytesAndTheNextIsStillApplied() {
        reviews.statuses.put("q-2", ExampleStatus.CANDIDATE);

        feedback.pipeInput("q-none", verdict("q-none", FeedbackVerdict.APPROVE, null, null));
        feedback.pipeInput("blank", verdict("  ", FeedbackVerdict.APPROVE, null, null));
        feedback.pipeInput("tombstone", (AnswerFeedback) null);
        feedback.pipeInput("q-2", verdict("q-2", FeedbackVerdict.APPROVE, null, null));

        List<FailureRecord> failures = deadLetters.readValuesToList();
        assertThat(failures)
                .extracting(FailureRecord::getErrorClass)
                .containsExactly("unknown_question", "unknown_question", "malformed_event");
        assertThat(failures).extracting(FailureRecord::getStage).containsOnly("feedback");
        assertThat(failures.get(0).getMessage()).isEqualTo("no answer has question id 'q-none'");
        assertThat(failures.get(0).getOriginalTopic())
                .isEqualTo(topics.feedback().name());
        byte[] original = new byte[failures.get(0).getOriginalValue().remaining()];
        failures.get(0).getOriginalValue().get(original);
        assertThat(topics.feedback()
                        .valueSerde()
                        .deserializer()
                        .deserialize(topics.feedback().name(), original)
                        .getQuestionId())
                .isEqualTo("q-none");
        assertThat(reviews.statuses).containsEntry("q-2", ExampleStatus.APPROVED);
    }

    @Test
    void aStoreFailureIsDeadLetteredByTheServiceHandlerAndTheNextFeedbackIsStillApplied() {
        reviews.statuses.put("q-3", ExampleStatus.CANDIDATE);
        reviews.failOn = "q-down";

        feedback.pipeInput("q-down", verdict("q-down", FeedbackVerdict.APPROVE, null, null));
        feedback.pipeInput("q-3", verdict("q-3", FeedbackVerdict.APPROVE, null, null));

        FailureRecord failure = deadLetters.readValue();
        assertThat(failure.getStage()).isEqualTo("validation");
        assertThat(failure.getErrorClass()).isEqualTo("processing_error");
        assertThat(failure.getMessage()).contains("feedback not applied for questionId=q-down");
        assertThat(deadLetters.isEmpty()).isTrue();
        assertThat(reviews.statuses).containsEntry("q-3", ExampleStatus.APPROVED);
    }

    /** Answers by question id, with the status rules of the real store ({@link ExampleStatus#after}). */
    private static final class InMemoryReviews implements AnswerReviews {
        final Map<String, ExampleStatus> statuses = new HashMap<>();
        final List<String> applied = new ArrayList<>();
        String failOn;

        @Override
        public Optional<Review> review(String questionId, FeedbackVerdict verdict, String note, String actor)
                throws ExampleStoreException {
            if (questionId.equals(failOn)) throw new ExampleStoreException(new SQLException("connection refused"));
            ExampleStatus before = statuses.get(questionId);
            if (before == null) return Optional.empty();
            applied.add(questionId + " " + verdict + " note=" + note + " actor=" + actor);
            statuses.put(questionId, before.after(verdict));
            return Optional.of(new Review(before, before.after(verdict)));
        }
    }

    private static AnswerFeedback verdict(String questionId, FeedbackVerdict verdict, String note, String actor) {
        return AnswerFeedback.newBuilder()
                .setQuestionId(questionId)
                .setVerdict(verdict)
                .setNote(note)
                .setActor(actor)
                .setTimestamp(Instant.EPOCH)
                .build();
    }
}
