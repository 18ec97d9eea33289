package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncSummary;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code schemarag sync --db <id>}: full, idempotent sync of one database's schema into pgvector. */
@Command(
        name = "sync",
        description = "Full sync of a registered database's schema, docs and annotations into pgvector.")
final class SyncCommand implements Callable<Integer> {
    @Option(names = "--db", required = true, description = "registered database id, e.g. erp")
    String databaseId;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (Services services = Services.fromEnvironment()) {
            DatabaseRegistry databases = TargetDatabases.load(services);
            if (DatabaseArgument.registered(databases, databaseId, err).isEmpty()) return ExitCode.USAGE;
            try (IngestService ingest = services.ingest(databases)) {
                SyncSummary s = ingest.sync(databaseId, new ProgressBar(out));
                out.println(SyncSummaryLine.of(databaseId, s));
            }
        }
        return 0;
    }
}
