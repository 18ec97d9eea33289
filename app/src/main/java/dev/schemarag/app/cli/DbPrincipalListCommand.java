package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.app.onboard.DatabasesFile;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.TargetDatabases;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schemarag db principal list <db>}: each principal and its role, then the default role. */
@Command(name = "list", description = "The principals of a database and their roles.")
final class DbPrincipalListCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "registered database id")
    String databaseId;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try (Services services = Services.fromEnvironment()) {
            Optional<RegisteredDatabase> db =
                    new DatabasesFile(TargetDatabases.file(services)).registry().find(databaseId);
            if (db.isEmpty()) {
                spec.commandLine().getErr().println("database '" + databaseId + "' is not registered");
                return ExitCode.USAGE;
            }
            Principals principals = db.get().principals();
            principals.roles().forEach((principal, role) -> out.println(principal + "\t" + role));
            if (principals.defaultRole() != null) out.println("(no principal)\t" + principals.defaultRole());
            return 0;
        }
    }
}
