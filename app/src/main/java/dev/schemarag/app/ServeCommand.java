package dev.schemarag.app;

import dev.schemarag.core.admin.AdminAccess;
import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.service.ServiceAdmin;
import dev.schemarag.core.service.ServiceLifecycle;
import dev.schemarag.core.service.ServiceMain;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.generation.main.GenerationMain;
import dev.schemarag.ingest.main.IngestMain;
import dev.schemarag.retrieval.main.RetrievalMain;
import dev.schemarag.web.WebConsole;
import dev.schemarag.web.WebSettings;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code schemarag serve <service>}: one service per process, as in production, run exactly as its container image
 * runs it ({@link IngestMain}, {@link RetrievalMain}, {@link GenerationMain}) with the CLI's settings. It runs until
 * SIGTERM (the JVM exits with 143 once closed) or until its stream client fails for good (exit 1 once closed, for a supervisor to
 * restart it); an admin binding without a token beyond loopback exits 2 before anything starts.
 */
@Command(
        name = "serve",
        description = "Run one service until stopped (SIGTERM): ingest, retrieval, generation or web (the console).")
final class ServeCommand implements Callable<Integer> {
    enum Service {
        ingest,
        retrieval,
        generation,
        web
    }

    @Parameters(index = "0", description = "the service to run: ${COMPLETION-CANDIDATES}")
    Service service;

    @Override
    public Integer call() throws Exception {
        if (service == Service.web) {
            Settings settings = Settings.fromEnvironment(AppSettings.all());
            try {
                // Refuse before anything starts, as the services do for their admin endpoints.
                AdminAccess.forBinding(settings.get(WebSettings.WEB_HOST), settings.get(AdminSettings.ADMIN_TOKEN));
            } catch (IllegalStateException e) {
                System.err.println(e.getMessage()
                        .replace(
                                AdminSettings.ADMIN_HOST.environmentVariable(),
                                WebSettings.WEB_HOST.environmentVariable()));
                return ServiceMain.REFUSED;
            }
        }
        ServiceMain.Body body =
                switch (service) {
                    case ingest -> IngestMain::serve;
                    case retrieval -> RetrievalMain::serve;
                    case generation -> GenerationMain::serve;
                    case web -> ServeCommand::serveWeb;
                };
        return ServiceMain.run(service.name(), Services::fromEnvironment, body);
    }

    /** The web console: a client of the pipeline's topics, with the page and the HTTP API. */
    private static void serveWeb(ServiceRuntime runtime, ServiceAdmin admin, ServiceLifecycle lifecycle)
            throws Exception {
        try (WebConsole console = new WebConsole(runtime, TargetDatabases.load(runtime))) {
            System.out.println("web console: " + console.url());
            lifecycle.awaitStop();
        }
    }
}
