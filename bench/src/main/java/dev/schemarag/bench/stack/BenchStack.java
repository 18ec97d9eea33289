package dev.schemarag.bench.stack;

import dev.schemarag.core.config.Setting;
import dev.schemarag.core.service.RuntimeSettings;
import dev.schemarag.stack.Concurrently;
import dev.schemarag.stack.EmbeddedKafka;
import dev.schemarag.stack.EmbeddedPostgres;
import dev.schemarag.stack.SchemaRegistryServer;
import dev.schemarag.stack.process.GracefulStop;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A stack of its own for a benchmark that runs the services as processes (broker, PostgreSQL + pgvector, schema
 * registry) in this JVM, on free loopback ports under a fresh directory, never the developer's {@code .schemarag}
 * stack: the chaos benchmark stops and starts its parts again on the same ports and data directories while the
 * services run.
 */
public final class BenchStack implements AutoCloseable {
    /** How long the processes a benchmark started get to stop when it is interrupted, before they are killed. */
    static final Duration EXIT_GRACE = Duration.ofSeconds(10);

    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread onExit = new Thread(this::stopOnExit, "bench-stack-exit");
    private final EmbeddedPostgres postgres;
    private final EmbeddedKafka kafka;
    private final SchemaRegistryServer registry;
    private final String bootstrapServers;
    private final String registryUrl;

    public BenchStack(Path dir) {
        List<Integer> ports = freePorts(4);
        postgres = new EmbeddedPostgres(dir.resolve("postgres"), ports.get(0), false);
        kafka = new EmbeddedKafka(dir.resolve("kafka"), ports.get(1), ports.get(2));
        bootstrapServers = kafka.bootstrapServers();
        registry = new SchemaRegistryServer(bootstrapServers, ports.get(3));
        registryUrl = registry.url();
    }

    /**
     * All or nothing, as {@code EmbeddedStack.up}. Until closed, an interrupted benchmark (Ctrl-C, SIGTERM) stops what
     * it started, see {@link #stopOnExit}.
     */
    public void up() {
        Runtime.getRuntime().addShutdownHook(onExit);
        try {
            Concurrently.run("postgres-start", postgres::start, () -> {
                kafka.start();
                registry.start();
            });
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * The settings that point a process at this stack under {@code topicPrefix}, with the demo database as the only
     * target whatever the caller's {@code databases.file}.
     */
    public Map<Setting<?>, String> settingValues(String topicPrefix) {
        Map<Setting<?>, String> values = new LinkedHashMap<>();
        values.put(RuntimeSettings.KAFKA_BOOTSTRAP_SERVERS, bootstrapServers);
        values.put(RuntimeSettings.SCHEMA_REGISTRY_URL, registryUrl);
        values.put(RuntimeSettings.STORE_JDBC_URL, postgres.jdbcUrl(EmbeddedPostgres.RAG_DATABASE));
        values.put(RuntimeSettings.STORE_ADMIN_USER, postgres.user());
        values.put(RuntimeSettings.STORE_ADMIN_PASSWORD, postgres.password());
        values.put(RuntimeSettings.TOPIC_PREFIX, topicPrefix);
        values.put(RuntimeSettings.DATABASES_FILE, "");
        return values;
    }

    public EmbeddedPostgres postgres() {
        return postgres;
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    public String registryUrl() {
        return registryUrl;
    }

    public void stopBroker() {
        kafka.stop();
    }

    /** Same port, same log directory: topics, offsets and open transactions survive. */
    public void startBroker() {
        kafka.start();
    }

    /** A fast shutdown (open transactions rolled back, connections cut), then a start on the same data directory. */
    public void restartStore() {
        postgres.stop();
        postgres.start();
    }

    public void stopRegistry() {
        registry.stop();
    }

    public void startRegistry() {
        registry.start();
    }

    /**
     * When the JVM exits before the benchmark closed its stack: the processes it started (the services), then the
     * stack. Without it, an interrupted benchmark left its services and its PostgreSQL server, which runs detached,
     * running and using CPU.
     */
    private void stopOnExit() {
        GracefulStop.all(ProcessHandle.current().children().toList(), EXIT_GRACE);
        close();
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) return;
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException exiting) {
            // the JVM is exiting: the hook is what closes
        }
        // The directory is thrown away with its replication slots: nothing to drop first.
        registry.stop();
        kafka.stop();
        postgres.stop();
    }

    /** Held open together so that no two are the same, then released for the servers to bind. */
    private static List<Integer> freePorts(int count) {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
            return sockets.stream().map(ServerSocket::getLocalPort).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        } finally {
            for (ServerSocket s : sockets)
                try {
                    s.close();
                } catch (IOException ignored) {
                    // closing a listening socket that accepted nothing does not fail in practice
                }
        }
    }
}
