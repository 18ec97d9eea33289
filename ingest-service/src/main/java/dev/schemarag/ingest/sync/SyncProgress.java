package dev.schemarag.ingest.sync;

/** Callback for long syncs (the CLI draws a progress bar with it). */
@FunctionalInterface
public interface SyncProgress {
    SyncProgress NONE = (done, total) -> {};

    void embedded(int done, int total);
}
