package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.stack.StackConfig;
import org.junit.jupiter.api.Test;

/** The service settings' defaults mirror the embedded stack's ports (core cannot see the embedded stack). */
class EmbeddedDefaultsTest {

    @Test
    void theConnectionDefaultsAreTheEmbeddedStacksPorts() {
        assertThat(AppSettings.KAFKA_BOOTSTRAP_SERVERS.defaultValue())
                .isEqualTo("127.0.0.1:" + StackConfig.DEFAULT_KAFKA_PORT);
        assertThat(AppSettings.SCHEMA_REGISTRY_URL.defaultValue())
                .isEqualTo("http://127.0.0.1:" + StackConfig.DEFAULT_REGISTRY_PORT);
        assertThat(AppSettings.STORE_JDBC_URL.defaultValue())
                .isEqualTo("jdbc:postgresql://127.0.0.1:" + StackConfig.DEFAULT_POSTGRES_PORT + "/schemarag");
    }
}
