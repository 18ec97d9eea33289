package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.questions.AskClient;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.RetrievalMetadata;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

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

        Map<String, Object> view = OutcomeView.of(Optional.of(new AskClient.Outcome(QUESTION, answer, null)));

        assertThat(view)
                .containsEntry("id", "q1")
                .containsEntry("status", "answered")
                .containsEntry("sql", "SELECT count(*) FROM employees")
                .containsEntry("confidence", 0.9)
                .containsEntry("tablesUsed", List.of("employees"))
                .containsEntry("attempts", 2)
                .containsEntry("errorClass", null)
                .containsEntry("sqlstate", null);
        @SuppressWarnings("unchecked")
        Map<String, Object> metadata = (Map<String, Object>) view.get("retrievalMetadata");
        assertThat(metadata).containsEntry("strategy", "rag").containsEntry("tablesIncluded", 3);
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

        Map<String, Object> view = OutcomeView.of(Optional.of(new AskClient.Outcome(QUESTION, null, failure)));

        assertThat(view)
                .containsEntry("status", "failed")
                .containsEntry("errorClass", "query_timeout")
                .containsEntry("sqlstate", "57014")
                .containsEntry("attempts", 3)
                .containsEntry("sql", null);
    }

    @Test
    void noOutcomeWithinTheTimeoutIsAFailure() {
        assertThat(OutcomeView.of(Optional.empty()))
                .containsEntry("status", "failed")
                .containsEntry("errorClass", "timeout");
    }
}
