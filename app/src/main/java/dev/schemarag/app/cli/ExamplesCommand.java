package dev.schemarag.app.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code schemarag examples list}: the verified examples offline answers come from. */
@Command(
        name = "examples",
        description = "The verified examples (documented queries and approved answers) and which a schema change"
                + " quarantined.",
        subcommands = {ExamplesListCommand.class})
final class ExamplesCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        new CommandLine(this).usage(out);
    }
}
