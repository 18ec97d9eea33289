package dev.schemarag.app.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code schemarag db principal add|remove|list}: which database role each principal's questions run as. */
@Command(
        name = "principal",
        description = "Map principals to the database roles their questions are validated and executed as.",
        subcommands = {DbPrincipalAddCommand.class, DbPrincipalRemoveCommand.class, DbPrincipalListCommand.class})
final class DbPrincipalCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
    }
}
