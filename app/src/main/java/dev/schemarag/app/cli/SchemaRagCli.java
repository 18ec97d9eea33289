package dev.schemarag.app.cli;

import dev.schemarag.app.Release;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code schemarag} command line: the embedded stack, the demo, syncs, the services and the benchmarks. */
@Command(
        name = "schemarag",
        mixinStandardHelpOptions = true,
        version = "SchemaRAG " + Release.VERSION,
        description = "Schema-retrieval text-to-SQL pipeline on Kafka, PostgreSQL and pgvector.")
public final class SchemaRagCli implements Runnable {
    /** The subcommands, in the order the usage lists them. */
    private static final List<Class<?>> SUBCOMMANDS = List.of(
            StackCommand.class,
            UpCommand.class,
            DownCommand.class,
            StatusCommand.class,
            DemoCommand.class,
            SyncCommand.class,
            AskCommand.class,
            ContextCommand.class,
            DlqCommand.class,
            ServeCommand.class,
            BenchCommand.class,
            ValidateCommand.class,
            FeedbackCommand.class,
            ExamplesCommand.class,
            ContractCommand.class,
            McpCommand.class,
            DbCommand.class,
            TokenCommand.class,
            DoctorCommand.class);

    /** The whole command line, every subcommand included: for the usage and for tests. */
    static CommandLine commandLine() {
        return commandLine(SUBCOMMANDS);
    }

    /**
     * The command line a run with these arguments needs. Picocli builds, by reflection, the model of every command it
     * is given before it parses: a short client such as {@code ask} would pay for all seventeen. When the first
     * argument names a subcommand, only that one is added; anything else (no argument, an option, a typo) gets all,
     * so the usage, {@code --help} and picocli's suggestions stay as they are.
     */
    static CommandLine commandLine(String... args) {
        if (args.length > 0)
            for (Class<?> subcommand : SUBCOMMANDS)
                if (subcommand.getAnnotation(Command.class).name().equals(args[0]))
                    return commandLine(List.of(subcommand));
        return commandLine();
    }

    /**
     * Every command prints through picocli's writers, one pair for all of them: set on the root after the
     * subcommands are added, they reach each one. Tests set their own the same way.
     */
    private static CommandLine commandLine(List<Class<?>> subcommands) {
        CommandLine cli = new CommandLine(new SchemaRagCli());
        subcommands.forEach(cli::addSubcommand);
        // set after adding: they reach the subcommands present
        return cli.setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(cli.getOut())
                .setErr(cli.getErr());
    }

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        CommandLine cli = commandLine(args);
        int code = cli.execute(args);
        // What a command printed without a line break would otherwise be lost at the exit.
        cli.getOut().flush();
        cli.getErr().flush();
        System.exit(code);
    }
}
