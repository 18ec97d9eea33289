package dev.schemarag.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.schemarag.avro.SchemaRegistryClient;
import dev.schemarag.avro.SchemaRegistryException;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.stack.ScramListener;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The secured stack refuses what a secured production cluster refuses: clients and registry calls without credentials. */
class SecuredTestStackIT {
    private static SecuredTestStack stack;

    @BeforeAll
    static void start(@TempDir Path dir) {
        stack = SecuredTestStack.start(dir);
    }

    @AfterAll
    static void stop() {
        if (stack != null) stack.close();
    }

    @Test
    void aClientWithTheScramCredentialsCreatesAndListsTopics() throws Exception {
        try (Admin admin = Admin.create(scram(stack.jaasConfig()))) {
            admin.createTopics(List.of(new NewTopic("secured-it", 1, (short) 1)))
                    .all()
                    .get();

            // The controller made the topic; the broker's metadata, which the listing reads, follows it shortly.
            await().atMost(Duration.ofSeconds(10))
                    .untilAsserted(
                            () -> assertThat(admin.listTopics().names().get()).contains("secured-it"));
        }
    }

    @Test
    void aClientWithoutCredentialsGetsNoAnswerOnTheSaslPort() {
        Map<String, Object> config =
                new HashMap<>(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers()));
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 4000);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000);

        try (Admin admin = Admin.create(config)) {
            // The broker closes a connection that sends requests without a SASL handshake: the client never gets
            // metadata.
            assertThatThrownBy(() -> admin.listTopics().names().get())
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(TimeoutException.class);
        }
    }

    @Test
    void aClientWithAWrongPasswordFailsAuthentication() {
        String wrong = stack.jaasConfig().replace(SecuredTestStack.KAFKA_PASSWORD, "not-the-password");

        try (Admin admin = Admin.create(scram(wrong))) {
            assertThatThrownBy(() -> admin.listTopics().names().get())
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(SaslAuthenticationException.class);
        }
    }

    @Test
    void theRegistryAnswers401WithoutTheUserInfoAndServesWithIt() {
        SchemaRegistryClient open = new SchemaRegistryClient(stack.registryUrl());
        SchemaRegistryClient wrong = new SchemaRegistryClient(stack.registryUrl(), "registry-it:guess");
        SchemaRegistryClient authenticated =
                new SchemaRegistryClient(stack.registryUrl(), SecuredTestStack.REGISTRY_USER_INFO);

        assertThatThrownBy(open::subjects)
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.status())
                        .isEqualTo(401));
        assertThatThrownBy(() -> wrong.register("secured-it-value", QuestionAsked.getClassSchema()))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.status())
                        .isEqualTo(401));
        authenticated.register("secured-it-value", QuestionAsked.getClassSchema());
        assertThat(authenticated.subjects()).contains("secured-it-value");
    }

    private static Map<String, Object> scram(String jaasConfig) {
        Map<String, Object> config = new HashMap<>();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
        config.put(AdminClientConfig.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT");
        config.put("sasl.mechanism", ScramListener.MECHANISM);
        config.put("sasl.jaas.config", jaasConfig);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 15000);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10000);
        return config;
    }
}
