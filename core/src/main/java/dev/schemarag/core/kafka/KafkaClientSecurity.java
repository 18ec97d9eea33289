package dev.schemarag.core.kafka;

import dev.schemarag.avro.SchemaRegistryClient;
import dev.schemarag.core.config.ConfigException;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.security.auth.SecurityProtocol;

/**
 * How every client authenticates: the standard Kafka client security settings, each read from {@code kafka.<client
 * key>} ({@code KAFKA_SASL_JAAS_CONFIG} ↔ {@code sasl.jaas.config}), and the schema registry's HTTP basic auth.
 * Only the settings given are passed on, so without any the clients connect in PLAINTEXT as before. It also holds
 * how long the registry client retries an unreachable registry ({@link #REGISTRY_RETRY_MS}).
 * Secrets never appear in {@link #toString()}; Kafka itself masks them in its config logs (they are PASSWORD configs).
 */
public final class KafkaClientSecurity {
    private static final String PREFIX = "kafka.";
    private static final Set<String> SASL_PROTOCOLS =
            Set.of(SecurityProtocol.SASL_PLAINTEXT.name, SecurityProtocol.SASL_SSL.name);

    public static final Setting<String> SECURITY_PROTOCOL = new Setting<>(
            PREFIX + CommonClientConfigs.SECURITY_PROTOCOL_CONFIG,
            String.class,
            null,
            "Kafka client security protocol (unset: PLAINTEXT)",
            v -> SecurityProtocol.names().contains(v.trim().toUpperCase(Locale.ROOT)),
            "one of " + SecurityProtocol.names());
    public static final Setting<String> SASL_MECHANISM =
            client("sasl.mechanism", "SASL mechanism, e.g. SCRAM-SHA-256 or PLAIN");
    public static final Setting<String> SASL_JAAS_CONFIG =
            client("sasl.jaas.config", "JAAS login module line with the credentials (secret)");
    public static final Setting<String> SSL_TRUSTSTORE_LOCATION =
            client("ssl.truststore.location", "Truststore file of the brokers' CA");
    public static final Setting<String> SSL_TRUSTSTORE_PASSWORD =
            client("ssl.truststore.password", "Truststore password (secret)");
    public static final Setting<String> SSL_TRUSTSTORE_TYPE =
            client("ssl.truststore.type", "Truststore type, e.g. PKCS12 or JKS");
    public static final Setting<String> SSL_KEYSTORE_LOCATION =
            client("ssl.keystore.location", "Keystore file of the client certificate (mutual TLS)");
    public static final Setting<String> SSL_KEYSTORE_PASSWORD =
            client("ssl.keystore.password", "Keystore password (secret)");
    public static final Setting<String> SSL_KEYSTORE_TYPE =
            client("ssl.keystore.type", "Keystore type, e.g. PKCS12 or JKS");
    public static final Setting<String> SSL_KEY_PASSWORD =
            client("ssl.key.password", "Password of the key in the keystore (secret)");
    /** Empty when set disables host name verification, as in Kafka; unset keeps Kafka's default (https). */
    public static final Setting<String> SSL_ENDPOINT_IDENTIFICATION_ALGORITHM =
            client("ssl.endpoint.identification.algorithm", "Server host name verification; empty disables it");

    public static final Setting<String> REGISTRY_BASIC_AUTH_USER_INFO = Setting.string(
            "schema.registry.basic.auth.user.info", null, "Schema registry HTTP basic auth as user:password (secret)");
    /** Below Kafka's max.poll.interval.ms (300 s): a stream thread waiting for the registry must not be fenced. */
    public static final Setting<Integer> REGISTRY_RETRY_MS = Setting.integer(
            "schema.registry.retry.ms",
            (int) SchemaRegistryClient.DEFAULT_RETRY_BUDGET.toMillis(),
            0,
            240_000,
            "How long a registry call retries an unreachable registry (I/O error, timeout, HTTP 5xx/429) with backoff"
                    + " before the record's task fails and is retried");

    private static final List<Setting<String>> CLIENT_SETTINGS = List.of(
            SECURITY_PROTOCOL,
            SASL_MECHANISM,
            SASL_JAAS_CONFIG,
            SSL_TRUSTSTORE_LOCATION,
            SSL_TRUSTSTORE_PASSWORD,
            SSL_TRUSTSTORE_TYPE,
            SSL_KEYSTORE_LOCATION,
            SSL_KEYSTORE_PASSWORD,
            SSL_KEYSTORE_TYPE,
            SSL_KEY_PASSWORD,
            SSL_ENDPOINT_IDENTIFICATION_ALGORITHM);
    private static final Set<String> SECRETS = Set.of(
            clientKey(SASL_JAAS_CONFIG),
            clientKey(SSL_TRUSTSTORE_PASSWORD),
            clientKey(SSL_KEYSTORE_PASSWORD),
            clientKey(SSL_KEY_PASSWORD));
    private static final String MASK = "[hidden]";

    private final Map<String, String> clientProperties;
    private final String registryUserInfo;
    private final Duration registryRetry;

    private KafkaClientSecurity(Map<String, String> clientProperties, String registryUserInfo, Duration registryRetry) {
        this.clientProperties = Map.copyOf(clientProperties);
        this.registryUserInfo = registryUserInfo;
        this.registryRetry = registryRetry;
    }

    /** PLAINTEXT and an open registry: what the embedded stack serves. */
    public static KafkaClientSecurity none() {
        return new KafkaClientSecurity(Map.of(), null, SchemaRegistryClient.DEFAULT_RETRY_BUDGET);
    }

    public static List<Setting<?>> declared() {
        List<Setting<?>> all = new ArrayList<>(CLIENT_SETTINGS);
        all.add(REGISTRY_BASIC_AUTH_USER_INFO);
        all.add(REGISTRY_RETRY_MS);
        return all;
    }

    /** The settings given (blank counts as not given, except for the endpoint identification algorithm). */
    public static KafkaClientSecurity from(Settings settings) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (Setting<String> setting : CLIENT_SETTINGS) {
            String value = settings.get(setting);
            boolean given = value != null && (!value.isBlank() || setting == SSL_ENDPOINT_IDENTIFICATION_ALGORITHM);
            if (given)
                properties.put(
                        clientKey(setting),
                        setting == SECURITY_PROTOCOL ? value.trim().toUpperCase(Locale.ROOT) : value);
        }
        String protocol = properties.getOrDefault(clientKey(SECURITY_PROTOCOL), SecurityProtocol.PLAINTEXT.name);
        // Kafka ignores SASL settings on a non-SASL protocol: the client would connect without the credentials given.
        if (properties.containsKey(clientKey(SASL_JAAS_CONFIG)) && !SASL_PROTOCOLS.contains(protocol))
            throw new ConfigException(
                    SECURITY_PROTOCOL.key(),
                    protocol,
                    "SASL_PLAINTEXT or SASL_SSL when " + SASL_JAAS_CONFIG.key() + " is set");
        Duration registryRetry = Duration.ofMillis(settings.get(REGISTRY_RETRY_MS));
        String userInfo = settings.get(REGISTRY_BASIC_AUTH_USER_INFO);
        if (userInfo == null || userInfo.isBlank()) return new KafkaClientSecurity(properties, null, registryRetry);
        if (userInfo.indexOf(':') < 1)
            throw new ConfigException(REGISTRY_BASIC_AUTH_USER_INFO.key(), MASK, "user:password");
        return new KafkaClientSecurity(properties, userInfo, registryRetry);
    }

    /** The security configs of a Kafka client (producer, consumer, admin, Streams); empty for PLAINTEXT. */
    public Map<String, Object> clientProperties() {
        return new HashMap<>(clientProperties);
    }

    /** A client config of its own to add to: the bootstrap servers and the security configs. */
    public Map<String, Object> clientConfig(String bootstrapServers) {
        Map<String, Object> config = clientProperties();
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return config;
    }

    /** The one way SchemaRAG builds a registry client: with the basic auth, when given, and the retry budget. */
    public SchemaRegistryClient registryClient(String registryUrl) {
        return new SchemaRegistryClient(registryUrl, registryUserInfo, registryRetry);
    }

    @Override
    public String toString() {
        String kafka = clientProperties.entrySet().stream()
                .map(e -> e.getKey() + "=" + (SECRETS.contains(e.getKey()) ? MASK : e.getValue()))
                .collect(Collectors.joining(", "));
        return "KafkaClientSecurity[" + (kafka.isEmpty() ? "PLAINTEXT" : kafka)
                + (registryUserInfo == null ? "" : ", registry basic auth " + MASK) + "]";
    }

    private static Setting<String> client(String clientKey, String description) {
        return Setting.string(PREFIX + clientKey, null, description);
    }

    private static String clientKey(Setting<String> setting) {
        return setting.key().substring(PREFIX.length());
    }
}
