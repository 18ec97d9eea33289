package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.questions.NoOutcome;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.ingest.sync.SyncSummary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What ask, demo and sync print for people, line by line. */
class OutcomeTextTest {
    @Test
    void anAnswerPrintsItsSqlThenItsFiguresThenHowToReviewIt() {
        OutcomeView view = new OutcomeView.Answered(
                "q1",
                "SELECT 1",
                "",
                0.875,
                List.of("public.employees"),
                List.of(),
                List.of(),
                2,
                null,
                null,
                null,
                null,
                null,
                null,
                null);

        assertThat(printed(view))
                .isEqualTo(lines(
                        "SELECT 1",
                        "-- confidence 0.88, tables [public.employees], attempts 2",
                        "-- unreviewed: schemarag feedback q1 approve|reject"));
    }

    @Test
    void aFailurePrintsItsClassSqlStateAndMessageWhenThereAreAny() {
        OutcomeView view =
                new OutcomeView.Failed("q1", "query_timeout", "57014", 3, "canceling statement", "validation");

        assertThat(printed(view)).isEqualTo(lines("failed: query_timeout (SQLSTATE 57014): canceling statement"));
        assertThat(printed(new OutcomeView.NoAnswer(NoOutcome.TIMEOUT, null))).isEqualTo(lines("failed: timeout"));
        assertThat(printed(new OutcomeView.NoAnswer(NoOutcome.NO_PIPELINE, "start one")))
                .isEqualTo(lines("failed: no_pipeline: start one"));
    }

    @Test
    void aSyncSummaryIsOneLine() {
        assertThat(SyncSummaryLine.of("erp", new SyncSummary(12, 3, 40, 1, 7, 1.5)))
                .isEqualTo("sync erp: 12 tables | embedded 3 | unchanged 40 | deleted 1 | doc chunks 7 | 1.50 s");
    }

    private static String printed(OutcomeView view) {
        StringWriter out = new StringWriter();
        OutcomeText.print(view, new PrintWriter(out));
        return out.toString();
    }

    private static String lines(String... lines) {
        return String.join(System.lineSeparator(), lines) + System.lineSeparator();
    }
}
