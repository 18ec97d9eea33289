package dev.schemarag.app.cli;

import dev.schemarag.ingest.sync.SyncSummary;
import java.util.Locale;

/** A sync's figures on one line, as {@code sync}, {@code db add} and {@code demo} print them. */
final class SyncSummaryLine {
    private SyncSummaryLine() {}

    static String of(String databaseId, SyncSummary s) {
        return String.format(
                Locale.ROOT,
                "sync %s: %d tables | embedded %d | unchanged %d | deleted %d | doc chunks %d | %.2f s",
                databaseId,
                s.tables(),
                s.embedded(),
                s.unchanged(),
                s.deleted(),
                s.docChunks(),
                s.seconds());
    }
}
