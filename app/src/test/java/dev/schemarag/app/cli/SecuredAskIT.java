package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.app.AppSettings;
import dev.schemarag.core.kafka.KafkaClientSecurity;
import dev.schemarag.stack.ScramListener;
import dev.schemarag.testkit.SecuredTestStack;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code schemarag ask} against a broker that takes only SASL_PLAINTEXT/SCRAM-SHA-256 and a registry that takes only
 * basic auth, configured through the settings alone (system properties here, {@code KAFKA_*} and
 * {@code SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO} in production): topic creation, retrieval and generation (Kafka
 * Streams), the ask client's probe of the services' groups, its producer and consumer, and every serde's registry
 * calls all authenticate.
 */
class SecuredAskIT {
    private static final Pattern JSON = Pattern.compile("(?ms)^\\{$.*?^\\}$");
    private static SecuredTestStack secured;
    private static CliTestEnvironment environment;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        secured = SecuredTestStack.start(dir.resolve("secured-stack"));
        environment = CliTestEnvironment.start(
                "secured_ask_it",
                dir,
                Map.of(
                        AppSettings.KAFKA_BOOTSTRAP_SERVERS.key(),
                        secured.bootstrapServers(),
                        AppSettings.SCHEMA_REGISTRY_URL.key(),
                        secured.registryUrl(),
                        KafkaClientSecurity.SECURITY_PROTOCOL.key(),
                        "SASL_PLAINTEXT",
                        KafkaClientSecurity.SASL_MECHANISM.key(),
                        ScramListener.MECHANISM,
                        KafkaClientSecurity.SASL_JAAS_CONFIG.key(),
                        secured.jaasConfig(),
                        KafkaClientSecurity.REGISTRY_BASIC_AUTH_USER_INFO.key(),
                        SecuredTestStack.REGISTRY_USER_INFO));
    }

    @AfterAll
    static void stop() {
        if (environment != null) environment.close();
        if (secured != null) secured.close();
    }

    @Test
    void aQuestionIsAnsweredThroughTheSecuredBrokerAndRegistryWithoutPrintingASecret() throws Exception {
        CliTestEnvironment.Run run = CliTestEnvironment.execute(
                "ask",
                "--db",
                environment.databaseId,
                "How many employees are in each department?",
                "--json",
                "--timeout",
                "90");

        assertThat(run.exitCode()).as(run.output()).isZero();
        Matcher json = JSON.matcher(run.output());
        assertThat(json.find()).as(run.output()).isTrue();
        Map<String, Object> view = new ObjectMapper().readValue(json.group(), new TypeReference<>() {});
        assertThat(view)
                .containsEntry("status", "answered")
                .containsEntry("sql", CliTestEnvironment.DOCUMENTED_SQL)
                .containsEntry("tablesUsed", List.of("public.employees"));
        assertThat(run.output())
                .doesNotContain(SecuredTestStack.KAFKA_PASSWORD)
                .doesNotContain(SecuredTestStack.REGISTRY_USER_INFO.substring(
                        SecuredTestStack.REGISTRY_USER_INFO.indexOf(':') + 1));
    }
}
