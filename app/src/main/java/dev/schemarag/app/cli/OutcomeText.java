package dev.schemarag.app.cli;

import dev.schemarag.core.questions.OutcomeView;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;

/**
 * A question's outcome ({@link OutcomeView}) as {@code ask} and {@code demo} print it for people: the SQL with its
 * confidence, tables and attempts, or why it failed.
 */
final class OutcomeText {
    private OutcomeText() {}

    static void print(Map<String, Object> view, PrintWriter out) {
        if ("answered".equals(view.get("status"))) {
            out.println(view.get("sql"));
            out.printf(
                    Locale.ROOT,
                    "-- confidence %.2f, tables %s, attempts %s%n",
                    (Double) view.get("confidence"),
                    view.get("tablesUsed"),
                    view.get("attempts"));
            out.println("-- unreviewed: schemarag feedback " + view.get("id") + " approve|reject");
        } else {
            out.println("failed: " + view.get("errorClass")
                    + (view.get("sqlstate") == null ? "" : " (SQLSTATE " + view.get("sqlstate") + ")")
                    + (view.get("message") == null ? "" : ": " + view.get("message")));
        }
    }
}
