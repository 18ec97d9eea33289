package dev.schemarag.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.QueryResult;
import dev.schemarag.events.ResultColumn;
import dev.schemarag.events.RetrievalMetadata;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** What the event feed makes of the answer and result records: the events a dashboard sees and the outcomes kept. */
class EventRecordsTest {
    private final Topics topics = new Topics("t.", new InMemorySchemaRegistry());
    private final EventRecords records = new EventRecords(topics);

    @Test
    void theResultsTopicIsFollowed() {
        assertThat(records.topicNames()).contains("t.results", "t.answers");
    }

    @Test
    void aResultIsAResultEventWithoutItsRowsAndItsOutcomeIsTheAnswerWithTheRows() throws Exception {
        ConsoleEvent event =
                records.toEvent(record(topics.results(), 7, result())).orElseThrow();

        assertThat(event.type()).isEqualTo("result");
        assertThat(event.offset()).isEqualTo(7);
        assertThat(event.data())
                .containsEntry("id", "c1")
                .containsEntry("databaseId", "erp")
                .containsEntry("columns", List.of(new OutcomeView.Column("department", "text", false)))
                .containsEntry("rowCount", 2)
                .containsEntry("truncated", false)
                .containsEntry("executionMs", 5L)
                .containsEntry("executedAs", "erp_reader")
                .doesNotContainKey("rows");
        OutcomeView.Answered outcome = (OutcomeView.Answered) event.outcome();
        assertThat(outcome.id()).isEqualTo("c1");
        assertThat(outcome.rows()).containsExactly(List.of("Sales"), Arrays.asList((String) null));
        assertThat(new ObjectMapper().writeValueAsString(event))
                .as("the stream's frame")
                .doesNotContain("Sales")
                .doesNotContain("outcome");
    }

    @Test
    void anAnswerThatIsExecutedAnnouncesItsRowsWithoutClosingTheQuestion() {
        ConsoleEvent executed =
                records.toEvent(record(topics.answers(), 1, answer(true))).orElseThrow();
        ConsoleEvent sqlOnly =
                records.toEvent(record(topics.answers(), 2, answer(false))).orElseThrow();

        assertThat(executed.type()).isEqualTo("answer");
        assertThat(executed.data()).containsEntry("execute", true);
        assertThat(executed.outcome()).isNull();
        assertThat(sqlOnly.data()).containsEntry("execute", false);
        assertThat(sqlOnly.outcome()).isInstanceOf(OutcomeView.Answered.class);
    }

    @Test
    void anAnswerTheCacheServedSaysWhichAnswerItReusedInItsEventAndItsOutcome() {
        AnswerValidated reused =
                AnswerValidated.newBuilder(answer(false)).setCachedFrom("q0").build();

        ConsoleEvent event =
                records.toEvent(record(topics.answers(), 3, reused)).orElseThrow();

        assertThat(event.data()).containsEntry("cachedFrom", "q0");
        assertThat(((OutcomeView.Answered) event.outcome()).cachedFrom()).isEqualTo("q0");
        assertThat(((OutcomeView.Answered) records.toEvent(record(topics.answers(), 4, answer(false)))
                                .orElseThrow()
                                .outcome())
                        .cachedFrom())
                .isNull();
    }

    @Test
    void anUnreadableResultIsNoEvent() {
        ConsumerRecord<byte[], byte[]> garbage =
                new ConsumerRecord<>("t.results", 0, 3, null, "not avro".getBytes(StandardCharsets.UTF_8));

        assertThat(records.toEvent(garbage)).isEmpty();
    }

    static AnswerValidated answer(boolean execute) {
        return AnswerValidated.newBuilder()
                .setQuestionId("q1")
                .setCorrelationId("c1")
                .setDatabaseId("erp")
                .setQuestion("Departments?")
                .setSql("SELECT department FROM employees")
                .setConfidence(0.9)
                .setExecute(execute)
                .setTimestamp(Instant.EPOCH)
                .setRetrievalMetadata(
                        RetrievalMetadata.newBuilder().setStrategy("rag").build())
                .build();
    }

    static QueryResult result() {
        return QueryResult.newBuilder()
                .setQuestionId("q1")
                .setCorrelationId("c1")
                .setDatabaseId("erp")
                .setSql("SELECT department FROM employees")
                .setColumns(List.of(new ResultColumn("department", "text", false)))
                .setRows(List.of(List.of("Sales"), Arrays.asList((String) null)))
                .setRowCount(2)
                .setTruncated(false)
                .setExecutionMs(5L)
                .setExecutedAs("erp_reader")
                .setAnswer(answer(true))
                .setTimestamp(Instant.EPOCH)
                .build();
    }

    private static <V extends SpecificRecord> ConsumerRecord<byte[], byte[]> record(
            Topic<String, V> topic, long offset, V value) {
        byte[] bytes = topic.valueSerde().serializer().serialize(topic.name(), value);
        return new ConsumerRecord<>(topic.name(), 0, offset, "c1".getBytes(StandardCharsets.UTF_8), bytes);
    }
}
