package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.schemarag.app.AppSettings;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code schemarag serve <service>} wires the admin endpoint's access rule before it starts anything. */
class ServeIngestIT {
    private static CliTestEnvironment environment;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        environment = CliTestEnvironment.start("serve_it", dir, false);
    }

    @AfterAll
    static void stop() {
        if (environment != null) environment.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"ingest", "retrieval", "generation", "execution"})
    void serveRefusesToStartOnANonLoopbackAddressWithoutAToken(String service) {
        System.setProperty(AppSettings.ADMIN_HOST.key(), "0.0.0.0");
        try {
            CliTestEnvironment.Run run = assertTimeoutPreemptively(
                    Duration.ofSeconds(60), () -> CliTestEnvironment.execute("serve", service));
            // 2 only from the refusal before anything starts; the service runtime, not the command, says why
            assertThat(run.exitCode()).isEqualTo(2);
        } finally {
            System.clearProperty(AppSettings.ADMIN_HOST.key());
        }
    }
}
