package dev.schemarag.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.stack.StackConfig;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestStackConfigTest {

    @Test
    void testConfigsUseFourDistinctFreePortsAndNoFsync() {
        StackConfig config = TestStackConfig.inDir(Path.of("target/x"));

        assertThat(Set.of(config.kafkaPort(), config.controllerPort(), config.postgresPort(), config.registryPort()))
                .hasSize(4);
        assertThat(config.fsync()).isFalse();
        assertThat(config.baseDir()).isAbsolute();
    }
}
