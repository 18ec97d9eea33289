package dev.schemarag.stack;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The long-running process behind {@code schemarag stack up}: hosts the Kafka broker and the schema registry
 * until SIGTERM. It writes its pid file only once both answer, which is what {@link DetachedStack} waits for,
 * and removes it after a clean shutdown. Arguments: {@link StackConfig#toDaemonArgs()}.
 */
public final class StackDaemon {
    private static final Logger LOG = LoggerFactory.getLogger(StackDaemon.class);

    private StackDaemon() {}

    public static void main(String[] args) throws InterruptedException {
        StackConfig config;
        try {
            config = StackConfig.fromDaemonArgs(args);
        } catch (IllegalArgumentException e) {
            System.err.println("usage: StackDaemon " + e.getMessage());
            System.exit(2);
            return;
        }
        EmbeddedKafka kafka = new EmbeddedKafka(config);
        SchemaRegistryServer registry = new SchemaRegistryServer(config);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            registry.stop();
                            kafka.stop();
                            deletePidFile(config.daemonPidFile());
                            LOG.info("Stack daemon stopped");
                        },
                        "stack-daemon-shutdown"));
        try {
            kafka.start();
            registry.start();
            writePidFile(config.daemonPidFile());
        } catch (RuntimeException e) {
            LOG.error("Stack daemon could not start", e);
            System.exit(1);
        }
        LOG.info(
                "Stack daemon (pid {}) serving kafka {} and registry {}",
                ProcessHandle.current().pid(),
                config.bootstrapServers(),
                config.registryUrl());
        new CountDownLatch(1).await();
    }

    private static void writePidFile(Path pidFile) {
        try {
            DaemonPidFile.writeCurrentProcess(pidFile);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write pid file " + pidFile + ": " + e.getMessage(), e);
        }
    }

    private static void deletePidFile(Path pidFile) {
        try {
            DaemonPidFile.deleteIfCurrentProcess(pidFile);
        } catch (IOException e) {
            LOG.warn("cannot delete pid file {}: {}", pidFile, e.toString());
        }
    }
}
