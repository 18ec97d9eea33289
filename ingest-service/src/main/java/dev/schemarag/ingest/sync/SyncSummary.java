package dev.schemarag.ingest.sync;

/** What a sync did: entities embedded (new or changed), left unchanged, deleted, and how long it took. */
public record SyncSummary(int tables, int embedded, int unchanged, int deleted, int docChunks, double seconds) {
    public int entities() {
        return embedded + unchanged;
    }
}
