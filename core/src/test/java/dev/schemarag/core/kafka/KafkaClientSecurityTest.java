package dev.schemarag.core.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.config.ConfigException;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.failure.DeadLetterTopic;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class KafkaClientSecurityTest {
    private static final String JAAS =
            "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"svc\" password=\"s3cret-jaas\";";

    @Test
    void eachSettingIsTheClientKeyUnderKafkaWithTheEnvironmentVariableOfTheVisibleRule() {
        assertThat(KafkaClientSecurity.declared())
                .extracting(Setting::environmentVariable)
                .containsExactly(
                        "KAFKA_SECURITY_PROTOCOL",
                        "KAFKA_SASL_MECHANISM",
                        "KAFKA_SASL_JAAS_CONFIG",
                        "KAFKA_SSL_TRUSTSTORE_LOCATION",
                        "KAFKA_SSL_TRUSTSTORE_PASSWORD",
                        "KAFKA_SSL_TRUSTSTORE_TYPE",
                        "KAFKA_SSL_KEYSTORE_LOCATION",
                        "KAFKA_SSL_KEYSTORE_PASSWORD",
                        "KAFKA_SSL_KEYSTORE_TYPE",
                        "KAFKA_SSL_KEY_PASSWORD",
                        "KAFKA_SSL_ENDPOINT_IDENTIFICATION_ALGORITHM",
                        "SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO",
                        "SCHEMA_REGISTRY_RETRY_MS");
    }

    @Test
    void theRegistryClientRetriesForTheConfiguredBudgetThirtySecondsUnlessSet() {
        assertThat(KafkaClientSecurity.from(Settings.of(Map.of()))
                        .registryClient("http://registry:8081")
                        .retryBudget())
                .isEqualTo(Duration.ofSeconds(30));
        assertThat(KafkaClientSecurity.from(Settings.of(Map.of("schema.registry.retry.ms", "5000")))
                        .registryClient("http://registry:8081")
                        .retryBudget())
                .isEqualTo(Duration.ofSeconds(5));
        assertThatThrownBy(() -> KafkaClientSecurity.from(Settings.of(Map.of("schema.registry.retry.ms", "300000"))))
                .hasMessageContaining("schema.registry.retry.ms");
    }

    @Test
    void withoutSettingsNoSecurityConfigIsPassedSoClientsStayPlaintext() {
        KafkaClientSecurity security = KafkaClientSecurity.from(Settings.of(Map.of()));

        assertThat(security.clientProperties()).isEmpty();
        assertThat(security.clientConfig("broker:9092")).containsExactly(Map.entry("bootstrap.servers", "broker:9092"));
        assertThat(security).hasToString("KafkaClientSecurity[PLAINTEXT]");
    }

    @Test
    void theSettingsGivenBecomeTheStandardClientConfigs() {
        KafkaClientSecurity security = KafkaClientSecurity.from(Settings.of(Map.of(
                "kafka.security.protocol",
                "sasl_ssl",
                "kafka.sasl.mechanism",
                "SCRAM-SHA-256",
                "kafka.sasl.jaas.config",
                JAAS,
                "kafka.ssl.truststore.location",
                "/etc/kafka/ca.p12",
                "kafka.ssl.truststore.password",
                "s3cret-trust",
                "kafka.ssl.truststore.type",
                "PKCS12",
                "kafka.ssl.keystore.password",
                " ")));

        assertThat(security.clientProperties())
                .containsOnly(
                        Map.entry("security.protocol", "SASL_SSL"),
                        Map.entry("sasl.mechanism", "SCRAM-SHA-256"),
                        Map.entry("sasl.jaas.config", JAAS),
                        Map.entry("ssl.truststore.location", "/etc/kafka/ca.p12"),
                        Map.entry("ssl.truststore.password", "s3cret-trust"),
                        Map.entry("ssl.truststore.type", "PKCS12"));
    }

    @Test
    void anEmptyEndpointIdentificationAlgorithmIsPassedOnBecauseItDisablesHostNameVerification() {
        KafkaClientSecurity security = KafkaClientSecurity.from(Settings.of(
                Map.of("kafka.security.protocol", "SSL", "kafka.ssl.endpoint.identification.algorithm", "")));

        assertThat(security.clientProperties()).containsEntry("ssl.endpoint.identification.algorithm", "");
    }

    @Test
    void secretsAreMaskedWhenPrinted() {
        KafkaClientSecurity security = KafkaClientSecurity.from(Settings.of(Map.of(
                "kafka.security.protocol",
                "SASL_SSL",
                "kafka.sasl.jaas.config",
                JAAS,
                "kafka.ssl.truststore.password",
                "s3cret-trust",
                "kafka.ssl.keystore.password",
                "s3cret-keystore",
                "kafka.ssl.key.password",
                "s3cret-key",
                "schema.registry.basic.auth.user.info",
                "svc:s3cret-registry")));

        assertThat(security.toString())
                .doesNotContain("s3cret")
                .contains("security.protocol=SASL_SSL")
                .contains("sasl.jaas.config=[hidden]")
                .contains("registry basic auth [hidden]");
    }

    @Test
    void streamsPropertiesCarryTheSecurityForTheClientsAndTheDeadLetterHandlers() {
        KafkaClientSecurity security = KafkaClientSecurity.from(Settings.of(Map.of(
                "kafka.security.protocol",
                "SASL_PLAINTEXT",
                "kafka.sasl.mechanism",
                "SCRAM-SHA-256",
                "kafka.sasl.jaas.config",
                JAAS)));

        Properties streams = StreamsProperties.of(
                "app",
                "broker:9092",
                security,
                new Topics("t.", security.registryClient("http://registry:8081")).deadLetter(DeadLetterTopic.RETRIEVAL),
                "retrieval",
                Path.of("state"),
                StreamsSettings.DEFAULTS,
                Duration.ofSeconds(10));

        assertThat(streams)
                .containsEntry("security.protocol", "SASL_PLAINTEXT")
                .containsEntry("sasl.mechanism", "SCRAM-SHA-256")
                .containsEntry("sasl.jaas.config", JAAS)
                .containsKey(DeadLetterHandlers.SERIALIZER);
    }

    @Test
    void anUnknownProtocolIsRejected() {
        assertThatThrownBy(() -> KafkaClientSecurity.from(Settings.of(Map.of("kafka.security.protocol", "KERBEROS"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("kafka.security.protocol")
                .hasMessageContaining("SASL_SSL");
    }

    @Test
    void credentialsWithoutASaslProtocolAreRejectedRatherThanIgnoredAndTheSecretIsNotEchoed() {
        assertThatThrownBy(() -> KafkaClientSecurity.from(Settings.of(Map.of("kafka.sasl.jaas.config", JAAS))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("kafka.security.protocol")
                .hasMessageContaining("PLAINTEXT")
                .hasMessageNotContaining("s3cret");
    }

    @Test
    void registryUserInfoWithoutAUserIsRejectedAtStartWithoutEchoingIt() {
        assertThatThrownBy(() ->
                        KafkaClientSecurity.from(Settings.of(Map.of("schema.registry.basic.auth.user.info", "s3cret"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("schema.registry.basic.auth.user.info")
                .hasMessageContaining("user:password")
                .hasMessageNotContaining("s3cret");
    }
}
