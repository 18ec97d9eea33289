package dev.schemarag.app.cli;

import dev.schemarag.retrieval.ContextView;
import java.io.PrintWriter;
import java.util.Locale;

/** A schema context as a person reads it: why each table is there, the join hints and docs, then the packet. */
final class ContextText {
    private ContextText() {}

    static void print(ContextView view, PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "%s%s: %d table(s), %d tokens instead of %d for the full schema%n",
                view.strategy(),
                view.fallbackReason() == null ? "" : " (fallback: " + view.fallbackReason() + ")",
                view.tables().size(),
                view.tokens().context(),
                view.tokens().fullSchema());
        out.println();
        out.println("Tables:");
        for (ContextView.Table t : view.tables())
            out.printf(Locale.ROOT, "  %2d. %s  %s %.2f: %s%n", t.rank(), t.table(), t.reason(), t.score(), t.why());
        if (!view.joinHints().isEmpty()) {
            out.println("Join hints:");
            view.joinHints().forEach(h -> out.println("  " + h));
        }
        if (!view.docChunks().isEmpty()) {
            out.println("Doc chunks:");
            view.docChunks()
                    .forEach(d -> out.printf(
                            Locale.ROOT,
                            "  [%s] %s %.2f: %s%n",
                            d.kind(),
                            d.table(),
                            d.similarity(),
                            d.content().lines().findFirst().orElse("")));
        }
        out.println();
        out.println(view.packet());
    }
}
