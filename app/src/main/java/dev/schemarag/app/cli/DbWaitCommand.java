package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.ingest.service.FreshnessBarrier;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code schemarag db wait <id>}: returns once every DDL committed on the database before the call is in the index
 * ({@link FreshnessBarrier}). A change the updater dead-letters counts as handled: {@code schemarag dlq list} shows
 * it.
 */
@Command(
        name = "wait",
        description = "Wait until every committed DDL on the database is in the index (for migration pipelines).")
final class DbWaitCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "registered database id")
    String id;

    @Option(names = "--timeout", defaultValue = "120", description = "seconds to wait at most (exit 1 past them)")
    int timeoutSeconds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (Services services = Services.fromEnvironment()) {
            Optional<RegisteredDatabase> db = DatabaseArgument.registered(TargetDatabases.load(services), id, err);
            if (db.isEmpty()) return ExitCode.USAGE;
            FreshnessBarrier.Outcome outcome =
                    new FreshnessBarrier(services).await(db.get(), Duration.ofSeconds(timeoutSeconds));
            if (outcome instanceof FreshnessBarrier.CaptureBehind capture) {
                err.println("timed out: change capture of " + id + " has not confirmed " + capture.position()
                        + " (slot " + capture.slot() + "); is ingest running? see schemarag doctor");
                return ExitCode.FAILED;
            }
            if (outcome instanceof FreshnessBarrier.UpdaterBehind updater) {
                err.println("timed out: the embedding updater (" + updater.group() + ") has not applied every"
                        + " change of " + updater.topic() + "; is ingest running? see schemarag doctor");
                return ExitCode.FAILED;
            }
            out.println(id + ": every committed DDL is in the index");
            return 0;
        }
    }
}
