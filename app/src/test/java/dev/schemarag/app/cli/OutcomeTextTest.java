package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.questions.NoOutcome;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.ingest.sync.SyncSummary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What ask, demo and sync print for people, line by line. */
class OutcomeTextTest {
    @Test
    void anAnswerPrintsItsSqlThenItsFiguresThenHowToReviewIt() {
        OutcomeView view = OutcomeView.Answered.builder("q1", "SELECT 1")
                .confidence(0.875)
                .tablesUsed(List.of("public.employees"))
                .attempts(2)
                .build();

        assertThat(printed(view))
                .isEqualTo(lines(
                        "SELECT 1",
                        "-- confidence 0.88, tables [public.employees], attempts 2",
                        "-- unreviewed: schemarag feedback q1 approve|reject"));
    }

    @Test
    void anAnswerTheCacheServedSaysWhoseSqlItIs() {
        OutcomeView view = OutcomeView.Answered.builder("q2", "SELECT 1")
                .confidence(0.875)
                .tablesUsed(List.of("public.employees"))
                .attempts(1)
                .cachedFrom("q1")
                .build();

        assertThat(printed(view))
                .isEqualTo(lines(
                        "SELECT 1",
                        "-- confidence 0.88, tables [public.employees], attempts 1",
                        "-- from the answer cache: the SQL validated for q1, checked again",
                        "-- unreviewed: schemarag feedback q2 approve|reject"));
    }

    @Test
    void anExecutedAnswerPrintsItsRowsAsATableAfterItsSqlThenTheirCountAndTheTruncation() {
        String note = "a note of more than forty characters, cut for display";
        OutcomeView view = executed(
                List.of(
                        new OutcomeView.Column("department", "text", false),
                        new OutcomeView.Column("n", "int8", false),
                        new OutcomeView.Column("email", "text", true),
                        new OutcomeView.Column("note", "varchar", false)),
                List.of(Arrays.asList("Engineering", "12", null, note), Arrays.asList("Sales", "8", null, null)),
                true);

        assertThat(printed(view))
                .isEqualTo(lines(
                        "SELECT 1",
                        "-- confidence 0.88, tables [public.employees], attempts 2",
                        "",
                        "department  |  n | email    | note",
                        "------------+----+----------+-----------------------------------------",
                        "Engineering | 12 | <masked> | a note of more than forty characters, c…",
                        "Sales       |  8 | <masked> | NULL",
                        "",
                        "2 rows in 4 ms as erp_reader",
                        "(truncated at the row or byte cap: the query returned more)",
                        "-- unreviewed: schemarag feedback q1 approve|reject"));
    }

    @Test
    void onlyTheFirstTwentyRowsAreShownEachOnOneLineWithoutTheTerminalsControlCharacters() {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("two\nlines \u001b[31mred"));
        for (int i = 1; i < 25; i++) rows.add(List.of("row " + i));

        String printed = printed(executed(List.of(new OutcomeView.Column("v", "text", false)), rows, false));

        assertThat(printed)
                .contains(System.lineSeparator() + "two lines  [31mred" + System.lineSeparator())
                .contains("row 19")
                .doesNotContain("row 20")
                .contains("25 rows in 4 ms as erp_reader; the first 20 shown (--format csv writes all)")
                .doesNotContain("truncated");
        assertThat(RowsTable.shown("é".repeat(50))).isEqualTo("é".repeat(39) + "…");
        assertThat(RowsTable.shown("😀".repeat(41))).isEqualTo("😀".repeat(39) + "…");
    }

    @Test
    void aFailurePrintsItsClassSqlStateAndMessageWhenThereAreAny() {
        OutcomeView view =
                new OutcomeView.Failed("q1", "query_timeout", "57014", 3, "canceling statement", "validation", null);

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

    static OutcomeView.Answered executed(List<OutcomeView.Column> columns, List<List<String>> rows, boolean truncated) {
        return OutcomeView.Answered.builder("q1", "SELECT 1")
                .confidence(0.875)
                .tablesUsed(List.of("public.employees"))
                .attempts(2)
                .rows(columns, rows, rows.size(), truncated)
                .execution(4L, "erp_reader")
                .build();
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
