package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The CLI's logging configuration is packaged: without it logback logs everything at DEBUG (SQL included), in the
 * CLI, in the services it starts and in the images, which copy this file.
 */
class LoggingConfigurationTest {
    @Test
    void librariesLogErrorsOnlyAndSchemaRagFromItsConfiguredLevel() throws IOException {
        try (InputStream in = AppSettings.class.getResourceAsStream("/logback.xml")) {
            assertThat(in).as("logback.xml on the CLI's class path").isNotNull();
            String configuration = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(configuration)
                    .contains("<root level=\"ERROR\">")
                    .contains("<logger name=\"dev.schemarag\" level=\"${SCHEMARAG_LOG_LEVEL:-WARN}\"/>");
        }
    }
}
