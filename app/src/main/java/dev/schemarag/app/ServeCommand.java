package dev.schemarag.app;

import dev.schemarag.core.admin.AdminAccess;
import dev.schemarag.core.admin.AdminServer;
import dev.schemarag.core.admin.ReadinessCheck;
import dev.schemarag.core.admin.ReadinessChecks;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.metrics.MetricsRoute;
import dev.schemarag.generation.service.GenerationService;
import dev.schemarag.ingest.admin.IngestAdmin;
import dev.schemarag.ingest.admin.IngestAdminServer;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.retrieval.kafka.RetrievalService;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.apache.kafka.streams.KafkaStreams;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code schemarag serve <service>}: one service per process, as in production (docker-compose), with its admin
 * endpoint ({@code /health}, {@code /ready}, {@code /metrics}). It runs until SIGTERM (exit 0 once closed) or until its stream client
 * fails for good (exit 1 once closed, for a supervisor to restart it).
 */
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
        ServiceLifecycle lifecycle = new ServiceLifecycle();
        lifecycle.installShutdownHook();
        try {
            return serve(lifecycle);
        } finally {
            lifecycle.closed();
        }
    }

    private int serve(ServiceLifecycle lifecycle) throws Exception {
        try (Services services = Services.fromEnvironment()) {
            Settings settings = services.settings();
            String host = settings.get(AppSettings.ADMIN_HOST);
            String token = settings.get(AppSettings.ADMIN_TOKEN);
            try {
                AdminAccess.forBinding(host, token); // refuse before anything starts
            } catch (IllegalStateException e) {
                System.err.println(e.getMessage());
                return 2;
            }
            switch (service) {
                case retrieval -> {
                    try (RetrievalService retrieval = services.retrieval();
                            AdminServer admin = adminServer(
                                    services,
                                    lifecycle,
                                    AppSettings.RETRIEVAL_ADMIN_PORT,
                                    retrieval::state,
                                    List.of(retrieval.catalogReadiness()))) {
                        announce(host, admin.port());
                        retrieval.start(
                                services.bootstrapServers(),
                                services.security(),
                                services.topics(),
                                services.stateDir().resolve("retrieval"),
                                services.streamsSettings(),
                                lifecycle::fail);
                        lifecycle.awaitStop();
                    }
                }
                case generation -> {
                    DatabaseRegistry databases = Targets.load(services);
                    for (var db : databases.all()) services.examples().seedFromDocs(db.id());
                    try (GenerationService generation = services.generation(databases);
                            AdminServer admin = adminServer(
                                    services,
                                    lifecycle,
                                    AppSettings.GENERATION_ADMIN_PORT,
                                    generation::state,
                                    List.of())) {
                        announce(host, admin.port());
                        generation.start(lifecycle::fail);
                        lifecycle.awaitStop();
                    }
                }
                case ingest -> {
                    DatabaseRegistry databases = Targets.load(services);
                    try (IngestService ingest = services.ingest(databases);
                            IngestAdminServer admin = new IngestAdminServer(
                                    IngestAdmin.of(ingest, databases),
                                    host,
                                    settings.get(AppSettings.INGEST_ADMIN_PORT),
                                    token,
                                    lifecycle::live,
                                    services.readinessChecks(),
                                    List.of(new MetricsRoute(services.meters())))) {
                        announce(host, admin.port());
                        ingest.startLiveSync(services.streamsSettings(), services.meters(), lifecycle::fail);
                        lifecycle.awaitStop();
                    }
                }
            }
        }
        return lifecycle.exitCode();
    }

    /**
     * The admin endpoint of a service that is one stream client: ready when it runs, the store and registry answer and
     * its own {@code checks} pass.
     */
    private AdminServer adminServer(
            Services services,
            ServiceLifecycle lifecycle,
            Setting<Integer> port,
            Supplier<KafkaStreams.State> streams,
            List<ReadinessCheck> own)
            throws IOException {
        Settings settings = services.settings();
        List<ReadinessCheck> checks = new ArrayList<>(List.of(ReadinessChecks.streams("streams", streams)));
        checks.addAll(services.readinessChecks());
        checks.addAll(own);
        return new AdminServer(
                service.name(),
                settings.get(AppSettings.ADMIN_HOST),
                settings.get(port),
                settings.get(AppSettings.ADMIN_TOKEN),
                lifecycle::live,
                checks,
                List.of(new MetricsRoute(services.meters())));
    }

    /** The line a harness reads to find the port (0 in the settings = any free one). */
    private void announce(String host, int port) {
        System.out.println(service + " admin on http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port);
    }
}
