package dev.schemarag.avro;

import java.net.ConnectException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.avro.Schema;

/**
 * A registry that can be taken down and brought back, in front of another one (as {@link InMemorySchemaRegistry},
 * for running topologies through a registry outage without a server): while down, every call fails as
 * {@link SchemaRegistryClient} fails once its retries are spent, with {@link SchemaRegistryUnavailableException}.
 * Shared with core's tests through this module's test jar.
 */
public final class OutageSimulatingSchemaRegistry implements SchemaRegistry {
    private final SchemaRegistry registry;
    private final AtomicBoolean down = new AtomicBoolean();

    public OutageSimulatingSchemaRegistry(SchemaRegistry registry) {
        this.registry = registry;
    }

    public void down() {
        down.set(true);
    }

    public void up() {
        down.set(false);
    }

    @Override
    public int register(String subject, Schema schema) {
        return call(() -> registry.register(subject, schema));
    }

    @Override
    public Schema getById(int id) {
        return call(() -> registry.getById(id));
    }

    @Override
    public boolean isCompatible(String subject, Schema schema) {
        return call(() -> registry.isCompatible(subject, schema));
    }

    @Override
    public List<String> subjects() {
        return call(registry::subjects);
    }

    @Override
    public SchemaVersion latest(String subject) {
        return call(() -> registry.latest(subject));
    }

    private <T> T call(Supplier<T> request) {
        if (down.get())
            throw new SchemaRegistryUnavailableException(
                    "Schema registry is down (simulated outage)", new ConnectException("Connection refused"));
        return request.get();
    }
}
