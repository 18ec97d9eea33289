package dev.schemarag.ingest.admin;

import dev.schemarag.core.admin.ReadinessCheck;
import dev.schemarag.core.admin.ReadinessChecks;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.ingest.sync.SyncSummary;
import java.util.List;

/** Port: what the ingest admin endpoint asks of the ingest service. */
public interface IngestAdmin {

    boolean registered(String databaseId);

    /** A full sync of a registered database. */
    SyncSummary sync(String databaseId) throws Exception;

    /** The ingest service's own readiness checks: the embedding updater and the change-capture engines. */
    List<ReadinessCheck> readinessChecks();

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
            public List<ReadinessCheck> readinessChecks() {
                return List.of(
                        ReadinessChecks.streams(IngestService.UPDATER_APPLICATION_ID, ingest::updaterState),
                        ReadinessChecks.condition(
                                "change-capture",
                                ingest::capturing,
                                "every engine running",
                                "an engine is starting or restarting"));
            }
        };
    }
}
