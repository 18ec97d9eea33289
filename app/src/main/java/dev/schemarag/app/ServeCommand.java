package dev.schemarag.app;

import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Settings;
import dev.schemarag.generation.service.GenerationService;
import dev.schemarag.ingest.admin.AdminAccess;
import dev.schemarag.ingest.admin.IngestAdmin;
import dev.schemarag.ingest.admin.IngestAdminServer;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.retrieval.kafka.RetrievalService;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code schemarag serve <service>}: one service per process, as in production (docker-compose). */
@Command(name = "serve", description = "Run one service until stopped (SIGTERM): ingest, retrieval or generation.")
final class ServeCommand implements Callable<Integer> {
    enum Service {
        ingest,
        retrieval,
        generation
    }

    @Parameters(index = "0", description = "the service to run: ${COMPLETION-CANDIDATES}")
    Service service;

    @Override
    public Integer call() throws Exception {
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown));
        try (Services services = Services.fromEnvironment()) {
            Settings settings = services.settings();
            String adminHost = settings.get(AppSettings.INGEST_ADMIN_HOST);
            String adminToken = settings.get(AppSettings.ADMIN_TOKEN);
            if (service == Service.ingest) {
                try {
                    AdminAccess.forBinding(adminHost, adminToken); // refuse before anything starts
                } catch (IllegalStateException e) {
                    System.err.println(e.getMessage());
                    return 2;
                }
            }
            if (service == Service.retrieval) {
                try (RetrievalService retrieval = services.retrieval()) {
                    retrieval.start(
                            services.bootstrapServers(),
                            services.security(),
                            services.topics(),
                            services.stateDir().resolve("retrieval"));
                    System.out.println("retrieval service running");
                    stop.await();
                }
                return 0;
            }
            DatabaseRegistry databases = Targets.load(services);
            if (service == Service.generation) {
                for (var db : databases.all()) services.examples().seedFromDocs(db.id());
                try (GenerationService generation = services.generation(databases)) {
                    generation.start();
                    System.out.println("generation service running");
                    stop.await();
                }
                return 0;
            }
            try (IngestService ingest = services.ingest(databases);
                    IngestAdminServer admin = new IngestAdminServer(
                            IngestAdmin.of(ingest, databases),
                            adminHost,
                            settings.get(AppSettings.INGEST_ADMIN_PORT),
                            adminToken)) {
                ingest.startLiveSync();
                System.out.println("ingest service running; admin on " + adminHost + ":" + admin.port());
                stop.await();
            }
        }
        return 0;
    }
}
