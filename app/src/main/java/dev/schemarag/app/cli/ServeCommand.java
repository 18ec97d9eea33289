package dev.schemarag.app.cli;

import dev.schemarag.app.AppSettings;
import dev.schemarag.app.Services;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.service.Service;
import dev.schemarag.core.service.ServiceMain;
import dev.schemarag.generation.main.ExecutionMain;
import dev.schemarag.generation.main.GenerationMain;
import dev.schemarag.ingest.main.IngestMain;
import dev.schemarag.retrieval.main.RetrievalMain;
import dev.schemarag.web.main.WebMain;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schemarag serve <service>}: one service per process, as in production, run exactly as its container image
 * runs it ({@link IngestMain}, {@link RetrievalMain}, {@link GenerationMain}, {@link ExecutionMain}, {@link WebMain})
 * with the CLI's settings. It runs until SIGTERM (the JVM exits with 143 once closed) or until its stream client fails
 * for good (exit 1 once closed, for a supervisor to restart it); an admin binding without a token beyond loopback exits
 * 2 before anything starts.
 */
@Command(
        name = "serve",
        description =
                "Run one service until stopped (SIGTERM): ingest, retrieval, generation, execution or web (the console).")
final class ServeCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "the service to run: ${COMPLETION-CANDIDATES}")
    Service service;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        if (service == Service.WEB) {
            Optional<String> refused = WebMain.unsafeBinding(Settings.fromEnvironment(AppSettings.all()));
            if (refused.isPresent()) {
                err.println(refused.get());
                return ServiceMain.REFUSED;
            }
        }
        ServiceMain.Body body =
                switch (service) {
                    case INGEST -> IngestMain::serve;
                    case RETRIEVAL -> RetrievalMain::serve;
                    case GENERATION -> GenerationMain::serve;
                    case EXECUTION -> ExecutionMain::serve;
                    case WEB -> WebMain::serve;
                };
        return ServiceMain.run(service, Services::fromEnvironment, body);
    }
}
