package dev.schemarag.app.doctor;

import java.io.PrintWriter;
import java.util.List;

/** One component's health as {@code schemarag doctor} reports it: what was found and, when it fails, how to fix it. */
public record Diagnosis(String component, boolean ok, String detail, String fix) {
    public static Diagnosis ok(String component, String detail) {
        return new Diagnosis(component, true, detail, null);
    }

    public static Diagnosis failed(String component, String detail, String fix) {
        return new Diagnosis(component, false, detail, fix);
    }

    /** Prints one line per component, a {@code fix:} line under each failure; returns the number of failures. */
    public static int print(List<Diagnosis> diagnoses, PrintWriter out) {
        int failed = 0;
        for (Diagnosis d : diagnoses) {
            out.printf("%-4s %-28s %s%n", d.ok() ? "ok" : "FAIL", d.component(), d.detail());
            if (!d.ok()) {
                out.println("     fix: " + d.fix());
                failed++;
            }
        }
        out.println(
                failed == 0
                        ? "all " + diagnoses.size() + " checks passed"
                        : failed + " of " + diagnoses.size() + " checks failed");
        return failed;
    }
}
