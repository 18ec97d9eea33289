package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.questions.AskClient;
import dev.schemarag.core.questions.NoOutcome;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.RetrievalMetadata;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The outcome {@code ask} reports for what its client saw (the JSON is OutcomeViewTest's). */
class AskCommandTest {
    private static final QuestionAsked QUESTION = QuestionAsked.newBuilder()
            .setId("q1")
            .setDatabaseId("erp")
            .setQuestion("How many employees?")
            .setCorrelationId("q1")
            .setTimestamp(Instant.EPOCH)
            .build();

    @Test
    void anAnsweredQuestionShowsItsSqlConfidenceAndRetrievalMetadata() {
        AnswerValidated answer = AnswerValidated.newBuilder()
                .setQuestionId("q1")
                .setCorrelationId("q1")
                .setDatabaseId("erp")
                .setQuestion("How many employees?")
                .setSql("SELECT count(*) FROM employees")
                .setConfidence(0.9)
                .setTablesUsed(List.of("employees"))
                .setAttempts(2)
                .setTimestamp(Instant.EPOCH)
                .setRetrievalMetadata(RetrievalMetadata.newBuilder()
                        .setStrategy("rag")
                        .setTablesIncluded(3)
                        .build())
                .build();

        OutcomeView view = OutcomeView.of(Optional.of(new AskClient.Outcome(QUESTION, answer, null, null)));

        assertThat(view)
                .isEqualTo(new OutcomeView.Answered(
                        "q1",
                        "SELECT count(*) FROM employees",
                        "",
                        0.9,
                        List.of("employees"),
                        List.of(),
                        List.of(),
                        2,
                        new OutcomeView.Metadata("rag", 3, 0, 0.0, null, 0, 0),
                        null,
                        null,
                        null,
                        null,
                        null,
                        null));
    }

    @Test
    void aDeadLetteredQuestionShowsItsErrorClassAndSqlstate() {
        FailureRecord failure = FailureRecord.newBuilder()
                .setStage("validation")
                .setErrorClass("query_timeout")
                .setSqlstate("57014")
                .setMessage("canceling statement due to statement timeout")
                .setAttempt(3)
                .setTimestamp(Instant.EPOCH)
                .build();

        assertThat(OutcomeView.of(Optional.of(new AskClient.Outcome(QUESTION, null, null, failure))))
                .isEqualTo(new OutcomeView.Failed(
                        "q1",
                        "query_timeout",
                        "57014",
                        3,
                        "canceling statement due to statement timeout",
                        "validation"));
    }

    @Test
    void noOutcomeWithinTheTimeoutIsAFailure() {
        assertThat(OutcomeView.of(Optional.empty())).isEqualTo(new OutcomeView.NoAnswer(NoOutcome.TIMEOUT, null));
    }
}
