package dev.schemarag.ingest.admin;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.ingest.sync.SyncSummary;

/** Port: what the ingest admin endpoint asks of the ingest service. */
public interface IngestAdmin {

    boolean registered(String databaseId);

    /** A full sync of a registered database. */
    SyncSummary sync(String databaseId) throws Exception;

    boolean healthy();

    static IngestAdmin of(IngestService ingest, DatabaseRegistry databases) {
        return new IngestAdmin() {
            @Override
            public boolean registered(String databaseId) {
                return databases.find(databaseId).isPresent();
            }

            @Override
            public SyncSummary sync(String databaseId) throws Exception {
                return ingest.sync(databaseId, SyncProgress.NONE);
            }

            @Override
            public boolean healthy() {
                return ingest.healthy();
            }
        };
    }
}
