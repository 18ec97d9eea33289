package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.failure.DeadLetterTopic;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QuestionLedgerTest {
    private final QuestionLedger ledger = new QuestionLedger();

    private static ChaosQuestions.Question question(String id, ChaosQuestions.Kind kind, byte... bytes) {
        return new ChaosQuestions.Question(id, kind, bytes);
    }

    private static QuestionLedger.Output answer(String id, long at) {
        return new QuestionLedger.Output(id, null, null, null, at);
    }

    private static QuestionLedger.Output deadLetter(
            String id, DeadLetterTopic topic, String errorClass, byte... bytes) {
        return new QuestionLedger.Output(id, topic, errorClass, bytes, 0);
    }

    private static QuestionLedger.Output step(String id, QuestionLedger.Step step, long at) {
        DeadLetterTopic topic = step == QuestionLedger.Step.EXECUTION_FAILURE ? DeadLetterTopic.SQL_ERROR : null;
        return new QuestionLedger.Output(id, topic, topic == null ? null : "sql_error", null, at, step);
    }

    @Test
    void anExecutedAnswerIsDoneWithExactlyOneResultOrFailure() {
        for (String id : List.of("result", "failed", "no-result", "two-results", "plain"))
            ledger.sent(question(id, ChaosQuestions.Kind.VALID), 0);
        for (String id : List.of("result", "failed", "no-result", "two-results"))
            ledger.output(step(id, QuestionLedger.Step.EXECUTED_ANSWER, 10));
        ledger.output(step("result", QuestionLedger.Step.RESULT, 20));
        ledger.output(step("failed", QuestionLedger.Step.EXECUTION_FAILURE, 30));
        ledger.output(step("two-results", QuestionLedger.Step.RESULT, 20));
        ledger.output(step("two-results", QuestionLedger.Step.RESULT, 25));
        ledger.output(answer("plain", 10));

        Map<String, Object> figures = ledger.figures(List.of());

        assertThat(figures)
                .containsEntry("answered", 5)
                .containsEntry("executed", 4)
                .containsEntry("results", 2)
                .containsEntry("execution_failed", 1)
                .containsEntry("lost", 1)
                .containsEntry("lost_ids", List.of("no-result"))
                .containsEntry("duplicated", 1)
                .containsEntry("duplicated_ids", List.of("two-results"))
                .containsEntry("results_lost", 1)
                .containsEntry("results_duplicated", 1)
                .containsEntry("dead_lettered", Map.of("sql_error", 1));
        assertThat(ledger.pending())
                .as("the answer still waiting for its result")
                .isEqualTo(1);
    }

    @Test
    void anExecutedAnswersOutcomeIsItsResultAndRecoveryWaitsForIt() {
        ledger.sent(question("a", ChaosQuestions.Kind.VALID), 1_000);
        ledger.sent(question("b", ChaosQuestions.Kind.VALID), 1_000);
        ledger.output(step("a", QuestionLedger.Step.EXECUTED_ANSWER, 1_100));
        ledger.output(step("b", QuestionLedger.Step.EXECUTED_ANSWER, 1_100));
        assertThat(ledger.firstOutcomes()).as("no outcome before the result").isEmpty();
        assertThat(ledger.firstAnswerToQuestionSentSince(0)).isNull();

        ledger.output(step("a", QuestionLedger.Step.RESULT, 1_300));
        ledger.output(step("b", QuestionLedger.Step.EXECUTION_FAILURE, 1_200));

        assertThat(ledger.firstOutcomes())
                .containsExactly(
                        new QuestionLedger.Outcome("a", 1_000, 1_300, true, QuestionLedger.Step.RESULT, 1_100L),
                        new QuestionLedger.Outcome(
                                "b", 1_000, 1_200, true, QuestionLedger.Step.EXECUTION_FAILURE, 1_100L));
        assertThat(ledger.firstAnswerToQuestionSentSince(0)).isEqualTo(1_300);
        assertThat(ledger.pending()).isZero();
    }

    @Test
    void aQuestionWithoutOutputIsLostAndOneWithTwoIsDuplicated() {
        ledger.sent(question("a", ChaosQuestions.Kind.VALID), 0);
        ledger.sent(question("b", ChaosQuestions.Kind.VALID), 0);
        ledger.sent(question("c", ChaosQuestions.Kind.VALID), 0);
        ledger.output(answer("a", 10));
        ledger.output(answer("b", 10));
        ledger.output(deadLetter("b", DeadLetterTopic.INFRA_FAILURE, "infra_failure"));
        ledger.output(answer("not-ours", 10)); // another run's output counts for nothing

        Map<String, Object> figures = ledger.figures(List.of());

        assertThat(figures)
                .containsEntry("sent", 3)
                .containsEntry("answered", 2)
                .containsEntry("lost", 1)
                .containsEntry("duplicated", 1)
                .containsEntry("lost_ids", List.of("c"))
                .containsEntry("duplicated_ids", List.of("b"))
                .containsEntry("dead_lettered", Map.of("infra_failure", 1));
        assertThat(ledger.pending()).isEqualTo(1);
    }

    @Test
    void theSameAnswerReadTwiceIsADuplicate() {
        ledger.sent(question("a", ChaosQuestions.Kind.VALID), 0);
        ledger.output(answer("a", 10));
        ledger.output(answer("a", 11));
        assertThat(ledger.figures(List.of())).containsEntry("duplicated", 1).containsEntry("lost", 0);
    }

    @Test
    void aMalformedEventCountsOnlyInItsDeadLetterTopicWithItsClassAndItsOriginalBytes() {
        ledger.sent(question("right", ChaosQuestions.Kind.TRUNCATED_AVRO, (byte) 1, (byte) 2), 0);
        ledger.sent(question("other-bytes", ChaosQuestions.Kind.TRUNCATED_AVRO, (byte) 1, (byte) 2), 0);
        ledger.sent(question("wrong-class", ChaosQuestions.Kind.UNKNOWN_DATABASE, (byte) 3), 0);
        ledger.sent(question("wrong-topic", ChaosQuestions.Kind.RANDOM_BYTES, (byte) 4), 0);
        ledger.output(deadLetter("right", DeadLetterTopic.RETRIEVAL, "malformed_event", (byte) 1, (byte) 2));
        ledger.output(deadLetter("other-bytes", DeadLetterTopic.RETRIEVAL, "malformed_event", (byte) 1));
        ledger.output(deadLetter("wrong-class", DeadLetterTopic.RETRIEVAL, "malformed_event", (byte) 3));
        ledger.output(deadLetter("wrong-topic", DeadLetterTopic.UNKNOWN, "malformed_event", (byte) 4));

        Map<String, Object> figures = ledger.figures(List.of());

        assertThat(figures)
                .containsEntry("malformed_sent", 4)
                .containsEntry("malformed_in_right_dlq", 0.25)
                .containsEntry("lost", 0)
                .containsEntry("dead_lettered", Map.of("malformed_event", 4));
        assertThat(figures.get("malformed_in_right_dlq_by_kind"))
                .isEqualTo(Map.of("truncated_avro", "1/2", "unknown_database", "0/1", "random_bytes", "0/1"));
    }

    @Test
    void aValidQuestionFiledAsMalformedIsCounted() {
        ledger.sent(question("a", ChaosQuestions.Kind.VALID), 0);
        ledger.output(deadLetter("a", DeadLetterTopic.RETRIEVAL, "malformed_event"));
        assertThat(ledger.figures(List.of())).containsEntry("valid_filed_as_malformed", 1);
    }

    @Test
    void recoveryIsTheFirstAnswerToAQuestionSentAfterTheInjection() {
        ledger.sent(question("before", ChaosQuestions.Kind.VALID), 900);
        ledger.sent(question("after", ChaosQuestions.Kind.VALID), 1_500);
        ledger.sent(question("later", ChaosQuestions.Kind.VALID), 2_000);
        ledger.output(answer("before", 1_100)); // in flight at the injection: proves nothing
        ledger.output(answer("later", 4_000));
        ledger.output(answer("after", 6_000));

        Map<String, Object> figures = ledger.figures(List.of(
                new QuestionLedger.FaultWindow("kill", 1_000, 1_200),
                new QuestionLedger.FaultWindow("never", 10_000, 10_100)));

        @SuppressWarnings("unchecked")
        Map<String, Double> recovery = (Map<String, Double>) figures.get("recovery_s");
        assertThat(recovery).containsEntry("kill", 3.0).containsEntry("never", null);
        assertThat(figures.get("fault_window_s")).isEqualTo(Map.of("kill", 0.2, "never", 0.1));
    }
}
