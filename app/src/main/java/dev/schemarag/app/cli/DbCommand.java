package dev.schemarag.app.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code schemarag db add|list|remove|wait|docs}: onboarding one's own PostgreSQL, MySQL and MariaDB databases. */
@Command(
        name = "db",
        description = "Register, inspect and remove your own PostgreSQL, MySQL and MariaDB databases.",
        subcommands = {
            DbAddCommand.class,
            DbListCommand.class,
            DbRemoveCommand.class,
            DbWaitCommand.class,
            DbDocsCommand.class,
            DbPrincipalCommand.class
        })
final class DbCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut(); // before a new CommandLine injects its own spec
        new CommandLine(this).usage(out);
    }
}
