package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.app.onboard.DatabasesFile;
import dev.schemarag.app.onboard.PrincipalMapping;
import dev.schemarag.core.service.TargetDatabases;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schemarag db principal remove <db> <principal>}. */
@Command(name = "remove", description = "Unmap a principal; its questions are refused (access_denied).")
final class DbPrincipalRemoveCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "registered database id")
    String databaseId;

    @Parameters(index = "1", description = "the principal")
    String principal;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        try (Services services = Services.fromEnvironment()) {
            return new PrincipalMapping(
                                    new DatabasesFile(TargetDatabases.file(services)),
                                    spec.commandLine().getOut(),
                                    spec.commandLine().getErr())
                            .remove(databaseId, principal)
                    ? 0
                    : ExitCode.FAILED;
        }
    }
}
