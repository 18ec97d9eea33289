package dev.schemarag.app.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.schemarag.generation.staleness.ExampleView;
import dev.schemarag.generation.staleness.ListedExample;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Served and quarantined examples as {@code examples list} and {@code db docs --check} print them. */
final class ExampleStates {
    private ExampleStates() {}

    static void printJson(List<ListedExample> examples, PrintWriter out) throws JsonProcessingException {
        out.println(new ObjectMapper()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .writeValueAsString(examples.stream().map(ExampleView::of).toList()));
    }

    /** A line per example, and under a quarantined one the reason; then a count. */
    static void printText(List<ListedExample> examples, PrintWriter out) {
        out.printf(Locale.ROOT, "%-6s %-9s %-11s %s%n", "id", "source", "state", "question");
        for (ListedExample e : examples) {
            out.printf(
                    Locale.ROOT,
                    "%-6d %-9s %-11s %s%n",
                    e.id(),
                    e.source(),
                    e.quarantined() ? ExampleView.QUARANTINED : ExampleView.SERVED,
                    e.question());
            if (e.quarantined())
                out.printf(
                        Locale.ROOT,
                        "       reason: %s (since %s; reads %s)%n",
                        e.quarantineReason(),
                        e.quarantinedAt(),
                        String.join(", ", e.tables()));
        }
        long quarantined = examples.stream().filter(ListedExample::quarantined).count();
        out.printf(Locale.ROOT, "%d example(s), %d quarantined%n", examples.size(), quarantined);
    }
}
