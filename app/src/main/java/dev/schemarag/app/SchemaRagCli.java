package dev.schemarag.app;

import dev.schemarag.core.service.ServiceRuntime;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code schemarag} command line: the embedded stack, the demo, syncs, the services and the benchmarks. */
@Command(
        name = "schemarag",
        mixinStandardHelpOptions = true,
        version = "SchemaRAG 0.1.0",
        description = "Schema-retrieval text-to-SQL pipeline on Kafka, PostgreSQL and pgvector.",
        subcommands = {
            StackCommand.class,
            UpCommand.class,
            DownCommand.class,
            StatusCommand.class,
            DemoCommand.class,
            SyncCommand.class,
            AskCommand.class,
            DlqCommand.class,
            ServeCommand.class,
            BenchCommand.class,
            ValidateCommand.class,
            FeedbackCommand.class,
            ContractCommand.class,
            McpCommand.class,
            DbCommand.class,
            DoctorCommand.class
        })
public final class SchemaRagCli implements Runnable {

    /** The project (or install) directory: the embedded stack keeps its data in {@code <home>/.schemarag}. */
    static Path home() {
        return ServiceRuntime.home();
    }

    /** The release, e.g. {@code 0.1.0}: the one in {@code --version}. */
    static String version() {
        return SchemaRagCli.class.getAnnotation(Command.class).version()[0].replace("SchemaRAG ", "");
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    public static void main(String[] args) {
        int code = new CommandLine(new SchemaRagCli())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .execute(args);
        System.exit(code);
    }
}
