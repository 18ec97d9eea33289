package dev.schemarag.examples;

import dev.schemarag.avro.SchemaRegistryClient;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.CommonClientConfigs;

/**
 * Where SchemaRAG's topics are, as an app outside the project sees them: the broker, the schema registry and the topic
 * prefix. The names and payloads are those of docs/asyncapi.yaml ({@code ./schemarag contract asyncapi}).
 */
public record SchemaRagTopics(String bootstrapServers, String registryUrl, String prefix) {

    /** From {@code KAFKA_BOOTSTRAP_SERVERS}, {@code SCHEMA_REGISTRY_URL} and {@code TOPIC_PREFIX}, as the CLI reads. */
    public static SchemaRagTopics fromEnvironment() {
        return new SchemaRagTopics(
                env("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:19092"),
                env("SCHEMA_REGISTRY_URL", "http://127.0.0.1:18081"),
                env("TOPIC_PREFIX", "schemarag."));
    }

    public String questions() {
        return prefix + "questions";
    }

    public String answers() {
        return prefix + "answers";
    }

    public String schemaCatalog() {
        return prefix + "schema.catalog";
    }

    /** Every dead-letter topic starts with this. */
    public String deadLetterPrefix() {
        return prefix + "dlq.";
    }

    public SchemaRegistryClient registry() {
        return new SchemaRegistryClient(registryUrl);
    }

    public Map<String, Object> clientConfig() {
        Map<String, Object> config = new HashMap<>();
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return config;
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
