package dev.schemarag.bench;

import dev.schemarag.bench.stack.BenchDatabases;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.ingest.main.IngestMain;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.ingest.sync.SyncSummary;
import java.nio.file.Path;
import java.util.List;

/** {@code schemarag bench sync}: a suite's full sync into a fresh database, then the same sync again (all unchanged). */
public final class SyncBenchmark {
    private SyncBenchmark() {}

    /** @param progress shows the first sync's embedding */
    public static BenchReport run(ServiceRuntime runtime, Path suiteDir, SyncProgress progress) throws Exception {
        RegisteredDatabase db = new SuiteCatalog(suiteDir).loadFresh(new BenchDatabases(runtime));
        try (IngestService ingest = IngestMain.service(runtime, new DatabaseRegistry(List.of(db)))) {
            SyncSummary first = ingest.sync(db.id(), progress);
            SyncSummary again = ingest.sync(db.id(), SyncProgress.NONE);
            return new BenchReport("bench sync " + suiteDir.getFileName())
                    .put("suite", suiteDir.getFileName().toString())
                    .put("tables", first.tables())
                    .put("entities", first.entities())
                    .put("seconds", first.seconds())
                    .put("entities_per_s", first.entities() / first.seconds())
                    .put("resync_seconds", again.seconds())
                    .put("resync_embedded", again.embedded());
        }
    }
}
