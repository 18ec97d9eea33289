package dev.schemarag.app.cli;

import dev.schemarag.core.questions.OutcomeView;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * A question's outcome as {@code ask} and {@code demo} print it for people: the SQL with its confidence, tables and
 * attempts and, when it was executed, its rows ({@link RowsTable}); or why it failed.
 */
final class OutcomeText {
    private OutcomeText() {}

    static void print(OutcomeView view, PrintWriter out) {
        if (view instanceof OutcomeView.Answered a) {
            out.println(a.sql());
            out.printf(
                    Locale.ROOT,
                    "-- confidence %.2f, tables %s, attempts %s%n",
                    a.confidence(),
                    a.tablesUsed(),
                    a.attempts());
            if (a.cachedFrom() != null)
                out.println("-- from the answer cache: the SQL validated for " + a.cachedFrom() + ", checked again");
            if (a.executed()) RowsTable.print(a, out);
            out.println("-- unreviewed: schemarag feedback " + a.id() + " approve|reject");
        } else if (view instanceof OutcomeView.Failed f) {
            out.println("failed: " + f.errorClass()
                    + (f.sqlstate() == null ? "" : " (SQLSTATE " + f.sqlstate() + ")")
                    + (f.message() == null ? "" : ": " + f.message()));
        } else if (view instanceof OutcomeView.NoAnswer n) {
            out.println("failed: " + n.reason().wireName() + (n.message() == null ? "" : ": " + n.message()));
        }
    }
}
