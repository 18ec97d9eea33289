package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.questions.AskClient;
import dev.schemarag.core.questions.NoOutcome;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.RetrievalMetadata;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.Arrays;
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
        OutcomeView view = OutcomeView.of(Optional.of(new AskClient.Outcome(QUESTION, answer(), null, null)));

        assertThat(view)
                .isEqualTo(OutcomeView.Answered.builder("q1", "SELECT count(*) FROM employees")
                        .confidence(0.9)
                        .tablesUsed(List.of("employees"))
                        .attempts(2)
                        .retrievalMetadata(new OutcomeView.Metadata("rag", 3, 0, 0.0, null, 0, 0, "12"))
                        .build());
    }

    @Test
    void aDeadLetteredQuestionShowsItsErrorClassSqlstateAndTheCatalogVersionItWasRetrievedAt() {
        FailureRecord failure = FailureRecord.newBuilder()
                .setStage("validation")
                .setErrorClass("query_timeout")
                .setSqlstate("57014")
                .setMessage("canceling statement due to statement timeout")
                .setAttempt(3)
                .setTimestamp(Instant.EPOCH)
                .setRetrievalMetadata(RetrievalMetadata.newBuilder()
                        .setStrategy("rag")
                        .setTablesIncluded(2)
                        .setCatalogVersion("41")
                        .build())
                .build();

        assertThat(OutcomeView.of(Optional.of(new AskClient.Outcome(QUESTION, null, null, failure))))
                .isEqualTo(new OutcomeView.Failed(
                        "q1",
                        "query_timeout",
                        "57014",
                        3,
                        "canceling statement due to statement timeout",
                        "validation",
                        new OutcomeView.Metadata("rag", 2, 0, 0.0, null, 0, 0, "41")));
    }

    @Test
    void csvPutsTheRowsAloneOnStandardOutputAndAnythingElseOnStandardError() throws Exception {
        OutcomeView.Answered executed = OutcomeTextTest.executed(
                List.of(new OutcomeView.Column("n", "int8", false)), List.of(List.of("42")), false);
        OutcomeView.Answered sqlOnly = OutcomeView.answered("q1", answer());
        OutcomeView failed = new OutcomeView.Failed("q1", "sql_error", "42P01", 1, "no such table", "execution", null);

        assertThat(printed(executed, AskCommand.Format.csv)).isEqualTo(new Printed(0, "n\r\n42\r\n", ""));
        Printed notExecuted = printed(sqlOnly, AskCommand.Format.csv);
        assertThat(notExecuted.exitCode()).isEqualTo(ExitCode.FAILED);
        assertThat(notExecuted.out()).isEmpty();
        assertThat(notExecuted.err()).contains("SELECT count(*) FROM employees").contains("no rows to write");
        Printed failure = printed(failed, AskCommand.Format.csv);
        assertThat(failure.exitCode()).isEqualTo(ExitCode.FAILED);
        assertThat(failure.out()).isEmpty();
        assertThat(failure.err()).startsWith("failed: sql_error (SQLSTATE 42P01)");
    }

    @Test
    void theJsonOfAnExecutedAnswerCarriesItsRowsAndTheTextItsTable() throws Exception {
        OutcomeView.Answered executed = OutcomeTextTest.executed(
                List.of(new OutcomeView.Column("n", "int8", false)), Arrays.asList(Arrays.asList((String) null)), true);

        Printed json = printed(executed, AskCommand.Format.json);
        assertThat(json.exitCode()).isZero();
        assertThat(json.out())
                .contains("\"rows\" : [ [ null ] ],")
                .contains("\"rowCount\" : 1,")
                .contains("\"truncated\" : true,");
        assertThat(printed(executed, AskCommand.Format.text).out())
                .contains(System.lineSeparator() + "NULL" + System.lineSeparator());
    }

    @Test
    void csvWithSqlOnlyOrTwoFormatsIsAUsageErrorBeforeAnythingIsAsked() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cli = SchemaRagCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));

        assertThat(cli.execute("ask", "--db", "erp", "q", "--format", "csv", "--sql-only"))
                .isEqualTo(ExitCode.USAGE);
        assertThat(cli.execute("ask", "--db", "erp", "q", "--format", "CSV", "--json"))
                .isEqualTo(ExitCode.USAGE);
        assertThat(err.toString())
                .contains("--format csv writes rows: --sql-only asks for none")
                .contains("--json and --format csv ask for two formats: give one");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void noOutcomeWithinTheTimeoutIsAFailure() {
        assertThat(OutcomeView.of(Optional.empty())).isEqualTo(new OutcomeView.NoAnswer(NoOutcome.TIMEOUT, null));
    }

    private static AnswerValidated answer() {
        return AnswerValidated.newBuilder()
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
                        .setCatalogVersion("12")
                        .build())
                .build();
    }

    private record Printed(int exitCode, String out, String err) {}

    private static Printed printed(OutcomeView view, AskCommand.Format format) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = AskCommand.print(view, format, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Printed(exitCode, out.toString(), err.toString());
    }
}
