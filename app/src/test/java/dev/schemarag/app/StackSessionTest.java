package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Settings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StackSessionTest {

    @Test
    void theDefaultSettingsUseTheEmbeddedStack() {
        assertThat(StackSession.usesEmbeddedStack(Settings.of(Map.of()))).isTrue();
    }

    @Test
    void anyDefaultEndpointStillNeedsTheEmbeddedStack() {
        assertThat(StackSession.usesEmbeddedStack(Settings.of(Map.of("kafka.bootstrap.servers", "kafka:9092"))))
                .isTrue();
    }

    @Test
    void endpointsThatAllPointElsewhereStartNoStack() {
        assertThat(StackSession.usesEmbeddedStack(Settings.of(Map.of(
                        "kafka.bootstrap.servers",
                        "kafka:9092",
                        "schema.registry.url",
                        "http://registry:8081",
                        "store.jdbc.url",
                        "jdbc:postgresql://db:5432/schemarag"))))
                .isFalse();
    }
}
