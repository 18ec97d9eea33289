package dev.schemarag.testkit;

import dev.schemarag.stack.EmbeddedKafka;
import dev.schemarag.stack.SchemaRegistryServer;
import dev.schemarag.stack.ScramListener;
import java.nio.file.Path;

/**
 * A Kafka broker whose client port requires SCRAM-SHA-256 and a schema registry that requires basic auth, on free
 * ports in {@code dir}, for tests of clients against a secured cluster. Test credentials only; PostgreSQL is the
 * {@link SharedTestStack}'s.
 */
public final class SecuredTestStack implements AutoCloseable {
    public static final String KAFKA_USER = "schemarag-it";
    public static final String KAFKA_PASSWORD = "kafka-it-secret";
    public static final String REGISTRY_USER_INFO = "registry-it:registry-it-secret";

    private final EmbeddedKafka kafka;
    private final SchemaRegistryServer registry;
    private final ScramListener scram;

    private SecuredTestStack(EmbeddedKafka kafka, SchemaRegistryServer registry, ScramListener scram) {
        this.kafka = kafka;
        this.registry = registry;
        this.scram = scram;
    }

    public static SecuredTestStack start(Path dir) {
        int[] ports = TestStackConfig.freePorts(4);
        ScramListener scram = new ScramListener(KAFKA_USER, KAFKA_PASSWORD, ports[2]);
        EmbeddedKafka kafka = new EmbeddedKafka(dir.resolve("kafka"), ports[0], ports[1], scram);
        // The registry is part of the cluster: it keeps its log through the broker's internal listener.
        SchemaRegistryServer registry =
                new SchemaRegistryServer(kafka.internalBootstrapServers(), ports[3], REGISTRY_USER_INFO);
        kafka.start();
        try {
            registry.start();
        } catch (RuntimeException e) {
            kafka.stop();
            throw e;
        }
        return new SecuredTestStack(kafka, registry, scram);
    }

    /** The SASL_PLAINTEXT client port. */
    public String bootstrapServers() {
        return kafka.bootstrapServers();
    }

    public String registryUrl() {
        return registry.url();
    }

    /** The {@code sasl.jaas.config} of the test user. */
    public String jaasConfig() {
        return scram.jaasConfig();
    }

    @Override
    public void close() {
        registry.stop();
        kafka.stop();
    }
}
