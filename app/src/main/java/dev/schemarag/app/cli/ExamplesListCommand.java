package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.generation.postgres.VerifiedExampleListing;
import dev.schemarag.generation.staleness.ListedExample;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code schemarag examples list --db <id> [--stale] [--json]}: served and quarantined examples, with the reasons. */
@Command(
        name = "list",
        description = "List a database's served and quarantined examples; a quarantined one with its reason.")
final class ExamplesListCommand implements Callable<Integer> {
    @Option(names = "--db", required = true, description = "registered database id")
    String id;

    @Option(names = "--stale", description = "only the quarantined examples")
    boolean stale;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (Services services = Services.fromEnvironment()) {
            if (DatabaseArgument.registered(TargetDatabases.load(services), id, err)
                    .isEmpty()) return ExitCode.USAGE;
            List<ListedExample> examples = new VerifiedExampleListing(services.store()).list(id, null, stale);
            if (json) ExampleStates.printJson(examples, out);
            else ExampleStates.printText(examples, out);
            return 0;
        }
    }
}
