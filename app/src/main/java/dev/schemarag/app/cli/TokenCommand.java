package dev.schemarag.app.cli;

import dev.schemarag.app.Services;
import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.admin.PrincipalTokens;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code schemarag token add <principal>}: a principal's own token for the web console's API and MCP over HTTP. */
@Command(
        name = "token",
        description = "Issue tokens that identify principals to the web console's API and MCP over HTTP.",
        subcommands = TokenCommand.Add.class)
final class TokenCommand {
    @Command(
            name = "add",
            description = "Append a new token's digest for the principal to the principal tokens file and print the"
                    + " token once; the web console and MCP read the file when they start.")
    static final class Add implements Callable<Integer> {
        @Parameters(index = "0", description = "the principal, as registrations map it (db principal add)")
        String principal;

        @Option(names = "--file", description = "the principal tokens file (default: schemarag.principal.tokens.file)")
        Path file;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            Path target = file;
            if (target == null) {
                try (Services services = Services.fromEnvironment()) {
                    String configured = services.settings().get(AdminSettings.PRINCIPAL_TOKENS_FILE);
                    if (configured.isBlank()) {
                        spec.commandLine()
                                .getErr()
                                .println("no principal tokens file: pass --file or set "
                                        + AdminSettings.PRINCIPAL_TOKENS_FILE.environmentVariable());
                        return ExitCode.FAILED;
                    }
                    target = Path.of(configured);
                }
            }
            String token = PrincipalTokens.issue(target, principal);
            spec.commandLine()
                    .getErr()
                    .println("token for principal '" + principal + "' added to " + target
                            + " (shown once; restart the web console and MCP to use it):");
            spec.commandLine().getOut().println(token);
            return 0;
        }
    }
}
