package dev.schemarag.app.cli;

import dev.schemarag.ingest.sync.SyncProgress;
import java.io.PrintWriter;

/** A one-line text progress bar for syncs, redrawn in place. */
final class ProgressBar implements SyncProgress {
    private static final int WIDTH = 30;
    private final PrintWriter out;
    private int lastPercent = -1;

    ProgressBar(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void embedded(int done, int total) {
        int percent = total == 0 ? 100 : done * 100 / total;
        if (percent == lastPercent) return;
        lastPercent = percent;
        int filled = percent * WIDTH / 100;
        out.printf(
                "\rembedding [%s%s] %3d%% (%d/%d)",
                "#".repeat(filled), " ".repeat(WIDTH - filled), percent, done, total);
        if (done >= total) out.println();
        out.flush();
    }
}
