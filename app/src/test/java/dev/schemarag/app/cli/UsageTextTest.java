package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Picocli formats each description with {@code String.format}: a lone {@code %} makes it print a warning into the
 * help instead of the text.
 */
class UsageTextTest {
    @Test
    void everyCommandsHelpRendersWithoutWarnings() {
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try {
            CommandLine cli = SchemaRagCli.commandLine();
            cli.getSubcommands().values().forEach(sub -> sub.getUsageMessage());
            assertThat(cli.getUsageMessage()).contains("bench");
        } finally {
            System.setErr(stderr);
        }
        assertThat(warnings.toString(StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
    }
}
