package dev.schemarag.ingest.updater;

import dev.schemarag.events.FailureRecord;

import java.util.List;

/** The outcome of applying one schema change: catalog updates, or a failure for the dead-letter topic. */
public record RefreshResult(List<CatalogUpdate> updates, FailureRecord failure) {
    public static RefreshResult ok(List<CatalogUpdate> updates) {
        return new RefreshResult(List.copyOf(updates), null);
    }

    public static RefreshResult failed(FailureRecord failure) {
        return new RefreshResult(List.of(), failure);
    }

    public boolean isFailure() {
        return failure != null;
    }
}
