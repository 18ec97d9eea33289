package dev.schemarag.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code schemarag db add|list|remove|wait|docs}: onboarding one's own PostgreSQL databases. */
@Command(
        name = "db",
        description = "Register, inspect and remove your own PostgreSQL databases.",
        subcommands = {
            DbAddCommand.class,
            DbListCommand.class,
            DbRemoveCommand.class,
            DbWaitCommand.class,
            DbDocsCommand.class
        })
final class DbCommand implements Runnable {
    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }
}
