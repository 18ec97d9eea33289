package dev.schemarag.bench;

import dev.schemarag.bench.stack.BenchDatabases;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.ingest.main.IngestMain;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.ingest.sync.SyncSummary;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code schemarag bench sync}: a suite's full sync into a fresh database, then the same sync again (all unchanged).
 * Besides wall time it reports this process's CPU time during the first sync and the load average after it.
 */
public final class SyncBenchmark {
    private SyncBenchmark() {}

    /** @param progress shows the first sync's embedding */
    public static BenchReport run(ServiceRuntime runtime, Path suiteDir, SyncProgress progress) throws Exception {
        RegisteredDatabase db = new SuiteCatalog(suiteDir).loadFresh(new BenchDatabases(runtime));
        try (IngestService ingest = IngestMain.service(runtime, new DatabaseRegistry(List.of(db)))) {
            long pid = ProcessHandle.current().pid();
            Optional<StoreServerCpu> server = StoreServerCpu.of(runtime.store());
            Duration serverBefore = server.map(StoreServerCpu::now).orElse(Duration.ZERO);
            Duration cpuBefore = ProcessCpu.of(pid).orElse(Duration.ZERO);
            SyncSummary first = ingest.sync(db.id(), progress);
            // Embedding runs in this process: its CPU time per entity holds when other work shares the cores.
            double cpu =
                    ProcessCpu.of(pid).orElse(Duration.ZERO).minus(cpuBefore).toMillis() / 1000.0;
            Optional<Double> serverCpu =
                    server.map(s -> s.now().minus(serverBefore).toMillis() / 1000.0);
            SyncSummary again = ingest.sync(db.id(), SyncProgress.NONE);
            BenchReport report = new BenchReport("bench sync " + suiteDir.getFileName())
                    .put("suite", suiteDir.getFileName().toString())
                    .put("tables", first.tables())
                    .put("entities", first.entities())
                    .put("seconds", first.seconds())
                    .put("entities_per_s", first.entities() / first.seconds())
                    .put("cpu_seconds", cpu)
                    .put("entities_per_cpu_s", cpu > 0 ? first.entities() / cpu : 0);
            serverCpu.ifPresent(s -> report.put("store_cpu_seconds", s)
                    .put("entities_per_cpu_s_with_store", first.entities() / (cpu + s)));
            return report.put(
                            "load_average",
                            ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage())
                    .put("resync_seconds", again.seconds())
                    .put("resync_embedded", again.embedded());
        }
    }
}
