package dev.schemarag.stack;

import dev.schemarag.avro.SchemaRegistryClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** PostgreSQL, a Kafka broker and the schema registry, run together inside this JVM. */
public final class EmbeddedStack implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedStack.class);

    private final StackConfig config;
    private final EmbeddedPostgres postgres;
    private final EmbeddedKafka kafka;
    private final SchemaRegistryServer registry;

    public EmbeddedStack(StackConfig config) {
        this.config = config;
        this.postgres = new EmbeddedPostgres(config);
        this.kafka = new EmbeddedKafka(config);
        this.registry = new SchemaRegistryServer(config);
    }

    /**
     * Starts PostgreSQL beside Kafka and then the registry (which stores its state in Kafka); all or nothing, once both
     * start-ups have ended.
     */
    public synchronized void up() {
        try {
            Concurrently.run("postgres-start", postgres::start, () -> {
                kafka.start();
                registry.start();
            });
        } catch (RuntimeException e) {
            LOG.error("Stack did not come up; stopping what started", e);
            down();
            throw e;
        }
        LOG.info(
                "Stack up: kafka {}, postgres 127.0.0.1:{}, registry {}",
                bootstrapServers(),
                postgres.port(),
                registryUrl());
    }

    /** Stops everything in reverse order, first dropping replication slots no connector reads any more. */
    public synchronized void down() {
        registry.stop();
        kafka.stop();
        if (postgres.isRunning()) {
            postgres.dropReplicationSlotsOrWarn();
            postgres.stop();
        }
    }

    public StackStatus status() {
        return StackProbe.probe(config);
    }

    public StackConfig config() {
        return config;
    }

    public String bootstrapServers() {
        return config.bootstrapServers();
    }

    public String registryUrl() {
        return config.registryUrl();
    }

    public EmbeddedPostgres postgres() {
        return postgres;
    }

    public SchemaRegistryClient registryClient() {
        return new SchemaRegistryClient(registryUrl());
    }

    @Override
    public void close() {
        down();
    }
}
