package dev.schemarag.app.cli;

import dev.schemarag.app.AppSettings;
import dev.schemarag.app.contract.AsyncApiDocument;
import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.service.RuntimeSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code schemarag contract asyncapi [--output f]}: the published contract of the topics, from the topic registry. */
@Command(
        name = "contract",
        description = "Published contracts of SchemaRAG's interfaces.",
        subcommands = {ContractCommand.AsyncApi.class})
final class ContractCommand {

    @Command(
            name = "asyncapi",
            description = "Print the AsyncAPI 3.0 document of every topic (names with the configured topic.prefix);"
                    + " docs/asyncapi.yaml is this with the default prefix.")
    static final class AsyncApi implements Callable<Integer> {
        @Option(names = "--output", description = "write to this file instead of standard output")
        Path output;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            String prefix = Settings.fromEnvironment(AppSettings.all()).get(RuntimeSettings.TOPIC_PREFIX);
            // Only names and types are read: the serdes, and so the registry, are never used.
            String yaml = AsyncApiDocument.yaml(new Topics(prefix, new InMemorySchemaRegistry()));
            if (output == null) spec.commandLine().getOut().print(yaml);
            else Files.writeString(output, yaml, StandardCharsets.UTF_8);
            return 0;
        }
    }
}
