package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.app.onboard.DatabasesFile;
import dev.schemarag.app.onboard.PrincipalMapping;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.TargetDatabases;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schemarag db principal add|remove|list}: which database role each principal's questions run as. */
@Command(
        name = "principal",
        description = "Map principals to the database roles their questions are validated and executed as.",
        subcommands = {DbPrincipalCommand.Add.class, DbPrincipalCommand.Remove.class, DbPrincipalCommand.List.class})
final class DbPrincipalCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
    }

    @Command(name = "add", description = "Map a principal to a role; the reader becomes a member of it (NOINHERIT).")
    static final class Add implements Callable<Integer> {
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
                return mapping(services, spec).add(databaseId, principal, role) ? 0 : ExitCode.FAILED;
            }
        }
    }

    @Command(name = "remove", description = "Unmap a principal; its questions are refused (access_denied).")
    static final class Remove implements Callable<Integer> {
        @Parameters(index = "0", description = "registered database id")
        String databaseId;

        @Parameters(index = "1", description = "the principal")
        String principal;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            try (Services services = Services.fromEnvironment()) {
                return mapping(services, spec).remove(databaseId, principal) ? 0 : ExitCode.FAILED;
            }
        }
    }

    @Command(name = "list", description = "The principals of a database and their roles.")
    static final class List implements Callable<Integer> {
        @Parameters(index = "0", description = "registered database id")
        String databaseId;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            try (Services services = Services.fromEnvironment()) {
                Optional<RegisteredDatabase> db = new DatabasesFile(TargetDatabases.file(services))
                        .registry()
                        .find(databaseId);
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

    private static PrincipalMapping mapping(Services services, CommandSpec spec) {
        return new PrincipalMapping(
                new DatabasesFile(TargetDatabases.file(services)),
                spec.commandLine().getOut(),
                spec.commandLine().getErr());
    }
}
