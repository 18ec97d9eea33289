package dev.schemarag.stack;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node Kafka (KRaft broker and controller in one process) on 127.0.0.1, keeping its logs in
 * one directory. The directory is formatted on first start only, so a restart keeps topics and offsets.
 * Thread pools and buffers are cut down from the production defaults: one node, a few clients. With a
 * {@link ScramListener} the client port takes SASL_PLAINTEXT/SCRAM-SHA-256 only (the user is created when the
 * storage is formatted), as a secured production cluster does.
 */
public final class EmbeddedKafka {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedKafka.class);
    private static final int NODE_ID = 1;
    private static final String CONTROLLER_LISTENER = "CONTROLLER";
    private static final String SASL_LISTENER = "SASL_PLAINTEXT";
    private static final String INTERNAL_LISTENER = "INTERNAL";

    private final Path logDir;
    private final int port;
    private final int controllerPort;
    private final ScramListener scram;
    private KafkaRaftServer server;

    public EmbeddedKafka(Path logDir, int port, int controllerPort) {
        this(logDir, port, controllerPort, null);
    }

    /** A broker whose client port requires {@code scram} (null: PLAINTEXT). */
    public EmbeddedKafka(Path logDir, int port, int controllerPort, ScramListener scram) {
        this.logDir = logDir.toAbsolutePath().normalize();
        this.port = port;
        this.controllerPort = controllerPort;
        this.scram = scram;
    }

    public EmbeddedKafka(StackConfig config) {
        this(config.kafkaDir(), config.kafkaPort(), config.controllerPort());
    }

    public synchronized void start() {
        if (server != null) {
            return;
        }
        KafkaConfig config = new KafkaConfig(settings(), false);
        if (!Files.exists(logDir.resolve("meta.properties"))) {
            format();
        }
        KafkaRaftServer started = new KafkaRaftServer(config, Time.SYSTEM);
        try {
            started.startup();
        } catch (RuntimeException e) {
            started.shutdown();
            throw new IllegalStateException("Kafka did not start on " + bootstrapServers() + ": " + e.getMessage(), e);
        }
        server = started;
        LOG.info(
                "Kafka started on {} ({}, controller on 127.0.0.1:{}, logs in {})",
                bootstrapServers(),
                scram == null ? "PLAINTEXT" : SASL_LISTENER + "/" + ScramListener.MECHANISM,
                controllerPort,
                logDir);
    }

    public synchronized void stop() {
        if (server == null) {
            return;
        }
        server.shutdown();
        server.awaitShutdown();
        server = null;
        LOG.info("Kafka on {} stopped", bootstrapServers());
    }

    public synchronized boolean isRunning() {
        return server != null;
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    /** Where in-process components reach the broker without credentials: the client port unless secured. */
    public String internalBootstrapServers() {
        return scram == null ? bootstrapServers() : "127.0.0.1:" + scram.internalPort();
    }

    /** Formats like {@code kafka-storage.sh format}, which reads the server settings from a properties file. */
    private void format() {
        ByteArrayOutputStream toolOutput = new ByteArrayOutputStream();
        Path settingsFile = null;
        try {
            Files.createDirectories(logDir);
            settingsFile = Files.createTempFile("schemarag-kafka-format", ".properties");
            Properties properties = new Properties();
            properties.putAll(settings());
            try (Writer writer = Files.newBufferedWriter(settingsFile, StandardCharsets.UTF_8)) {
                properties.store(writer, "embedded Kafka, for formatting only");
            }
            List<String> arguments = new ArrayList<>(List.of(
                    "format",
                    "--config",
                    settingsFile.toString(),
                    "--cluster-id",
                    Uuid.randomUuid().toString()));
            if (scram != null) {
                arguments.addAll(List.of("--add-scram", scram.storageCredential()));
            }
            int exitCode = StorageTool.execute(
                    arguments.toArray(String[]::new), new PrintStream(toolOutput, true, StandardCharsets.UTF_8));
            if (exitCode != 0) {
                throw new IllegalStateException("cannot format Kafka storage in " + logDir + ": "
                        + toolOutput.toString(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare Kafka storage in " + logDir, e);
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    "cannot format Kafka storage in " + logDir + ": " + e.getMessage() + " "
                            + toolOutput.toString(StandardCharsets.UTF_8),
                    e);
        } finally {
            deleteQuietly(settingsFile);
        }
        LOG.info("Formatted Kafka storage in {}", logDir);
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.warn("cannot delete {}: {}", file, e.toString());
        }
    }

    private Map<String, String> settings() {
        // Strings, as in server.properties: KafkaConfig parses them to each setting's type.
        Map<String, String> settings = new TreeMap<>();
        settings.put("process.roles", "broker,controller");
        settings.put("node.id", Integer.toString(NODE_ID));
        // A static single voter: simpler than a dynamic quorum and survives restarts without a directory id.
        settings.put("controller.quorum.voters", NODE_ID + "@127.0.0.1:" + controllerPort);
        settings.put("controller.listener.names", CONTROLLER_LISTENER);
        settings.putAll(scram == null ? plaintextListeners() : scramListeners());
        settings.put("log.dirs", logDir.toString());

        // One node: every internal topic has one replica, and one partition keeps start-up quick.
        settings.put("num.partitions", "1");
        settings.put("default.replication.factor", "1");
        settings.put("min.insync.replicas", "1");
        settings.put("auto.create.topics.enable", "true");
        settings.put("offsets.topic.replication.factor", "1");
        settings.put("offsets.topic.num.partitions", "1");
        settings.put("transaction.state.log.replication.factor", "1");
        settings.put("transaction.state.log.min.isr", "1");
        settings.put("transaction.state.log.num.partitions", "1");
        settings.put("share.coordinator.state.topic.replication.factor", "1");
        settings.put("share.coordinator.state.topic.min.isr", "1");
        settings.put("share.coordinator.state.topic.num.partitions", "1");
        settings.put("group.initial.rebalance.delay.ms", "0");

        // Small thread pools and buffers keep the broker's footprint in the low hundreds of MiB.
        settings.put("num.network.threads", "2");
        settings.put("num.io.threads", "2");
        settings.put("background.threads", "2");
        settings.put("num.recovery.threads.per.data.dir", "1");
        settings.put("num.replica.fetchers", "1");
        settings.put("group.coordinator.threads", "1");
        settings.put("log.cleaner.threads", "1");
        settings.put("log.cleaner.dedupe.buffer.size", Integer.toString(8 * 1024 * 1024));
        settings.put("log.cleaner.io.buffer.size", Integer.toString(256 * 1024));
        return settings;
    }

    private Map<String, String> plaintextListeners() {
        return Map.of(
                "listeners",
                        "PLAINTEXT://127.0.0.1:" + port + "," + CONTROLLER_LISTENER + "://127.0.0.1:" + controllerPort,
                "advertised.listeners", "PLAINTEXT://127.0.0.1:" + port,
                "listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT",
                "inter.broker.listener.name", "PLAINTEXT");
    }

    /** Clients on the SASL port; the broker's own traffic on a PLAINTEXT loopback port of its own. */
    private Map<String, String> scramListeners() {
        String sasl = SASL_LISTENER + "://127.0.0.1:" + port;
        String internal = INTERNAL_LISTENER + "://127.0.0.1:" + scram.internalPort();
        return Map.of(
                "listeners",
                sasl + "," + internal + "," + CONTROLLER_LISTENER + "://127.0.0.1:" + controllerPort,
                "advertised.listeners",
                sasl + "," + internal,
                "listener.security.protocol.map",
                SASL_LISTENER + ":SASL_PLAINTEXT," + INTERNAL_LISTENER + ":PLAINTEXT," + CONTROLLER_LISTENER
                        + ":PLAINTEXT",
                "inter.broker.listener.name",
                INTERNAL_LISTENER,
                "sasl.enabled.mechanisms",
                ScramListener.MECHANISM,
                // The broker side of SCRAM needs the login module only: the credentials are in the cluster metadata.
                "listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required;");
    }
}
