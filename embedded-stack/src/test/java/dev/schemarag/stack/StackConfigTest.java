package dev.schemarag.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class StackConfigTest {

    @Test
    void defaultsLiveInDotSchemaragOnTheDocumentedPorts() {
        StackConfig config = StackConfig.defaults(Path.of("/work/project"));

        assertThat(config.baseDir()).isEqualTo(Path.of("/work/project/.schemarag"));
        assertThat(config.bootstrapServers()).isEqualTo("127.0.0.1:19092");
        assertThat(config.controllerPort()).isEqualTo(19093);
        assertThat(config.postgresPort()).isEqualTo(55432);
        assertThat(config.registryUrl()).isEqualTo("http://127.0.0.1:18081");
        assertThat(config.mariadbPort()).isEqualTo(53306);
        assertThat(config.fsync()).isTrue();
    }

    @Test
    void daemonArgumentsRoundTrip() {
        StackConfig config = new StackConfig(Path.of("/tmp/stack"), 1, 2, 3, 4, 5, false);

        assertThat(StackConfig.fromDaemonArgs(config.toDaemonArgs().toArray(String[]::new)))
                .isEqualTo(config);
    }

    @Test
    void theLayoutLivesUnderTheBaseDir() {
        StackConfig config = new StackConfig(Path.of("/tmp/stack"), 1, 2, 3, 4, 5, false);

        assertThat(config.kafkaDir()).isEqualTo(Path.of("/tmp/stack/kafka"));
        assertThat(config.postgresDir()).isEqualTo(Path.of("/tmp/stack/postgres"));
        assertThat(config.mariadbDir()).isEqualTo(Path.of("/tmp/stack/mariadb"));
        assertThat(config.daemonPidFile()).isEqualTo(Path.of("/tmp/stack/stack-daemon.pid"));
    }

    @Test
    void clashingPortsAreRejectedNamingThem() {
        assertThatThrownBy(() -> new StackConfig(Path.of("/tmp/s"), 5, 5, 6, 7, 8, true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must differ: kafka 5, controller 5");
    }

    @Test
    void wrongDaemonArgumentsAreRejectedWithTheExpectedShape() {
        assertThatThrownBy(() -> StackConfig.fromDaemonArgs("/tmp/s", "1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("<baseDir> <kafkaPort>");
    }
}
