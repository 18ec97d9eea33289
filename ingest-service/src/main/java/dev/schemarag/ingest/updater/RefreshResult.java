package dev.schemarag.ingest.updater;

import dev.schemarag.core.failure.ErrorClass;
import java.util.List;
import java.util.Objects;

/** The outcome of applying one schema change: catalog updates, or why it could not be applied. */
public sealed interface RefreshResult {

    record Refreshed(List<CatalogUpdate> updates) implements RefreshResult {
        public Refreshed {
            updates = List.copyOf(updates);
        }
    }

    record Failed(ErrorClass errorClass, String message) implements RefreshResult {
        public Failed {
            Objects.requireNonNull(errorClass, "errorClass");
        }
    }

    static RefreshResult ok(List<CatalogUpdate> updates) {
        return new Refreshed(updates);
    }
}
