package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.ingest.sync.SyncSummary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What ask, demo and sync print for people, line by line. */
class OutcomeTextTest {
    @Test
    void anAnswerPrintsItsSqlThenItsFiguresThenHowToReviewIt() {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", "q1");
        view.put("status", "answered");
        view.put("sql", "SELECT 1");
        view.put("confidence", 0.875);
        view.put("tablesUsed", List.of("public.employees"));
        view.put("attempts", 2);

        assertThat(printed(view))
                .isEqualTo(lines(
                        "SELECT 1",
                        "-- confidence 0.88, tables [public.employees], attempts 2",
                        "-- unreviewed: schemarag feedback q1 approve|reject"));
    }

    @Test
    void aFailurePrintsItsClassSqlStateAndMessageWhenThereAreAny() {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("status", "failed");
        view.put("errorClass", "query_timeout");
        view.put("sqlstate", "57014");
        view.put("message", "canceling statement");

        assertThat(printed(view)).isEqualTo(lines("failed: query_timeout (SQLSTATE 57014): canceling statement"));
        assertThat(printed(Map.of("status", "failed", "errorClass", "timeout"))).isEqualTo(lines("failed: timeout"));
    }

    @Test
    void aSyncSummaryIsOneLine() {
        assertThat(SyncSummaryLine.of("erp", new SyncSummary(12, 3, 40, 1, 7, 1.5)))
                .isEqualTo("sync erp: 12 tables | embedded 3 | unchanged 40 | deleted 1 | doc chunks 7 | 1.50 s");
    }

    private static String printed(Map<String, Object> view) {
        StringWriter out = new StringWriter();
        OutcomeText.print(view, new PrintWriter(out));
        return out.toString();
    }

    private static String lines(String... lines) {
        return String.join(System.lineSeparator(), lines) + System.lineSeparator();
    }
}
