package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.app.onboard.DatabasesFile;
import dev.schemarag.app.onboard.PrincipalMapping;
import dev.schemarag.core.service.TargetDatabases;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schemarag db principal add <db> <principal> --role <role>}. */
@Command(name = "add", description = "Map a principal to a role; the reader becomes a member of it (NOINHERIT).")
final class DbPrincipalAddCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "registered database id")
    String databaseId;

    @Parameters(index = "1", description = "the principal, as questions name it (ask --as)")
    String principal;

    @Option(names = "--role", required = true, description = "the existing database role it asks as")
    String role;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        try (Services services = Services.fromEnvironment()) {
            return new PrincipalMapping(
                                    new DatabasesFile(TargetDatabases.file(services)),
                                    spec.commandLine().getOut(),
                                    spec.commandLine().getErr())
                            .add(databaseId, principal, role)
                    ? 0
                    : ExitCode.FAILED;
        }
    }
}
