package dev.schemarag.stack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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

    private StackDaemon() {
    }

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
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            registry.stop();
            kafka.stop();
            deletePidFile(config.daemonPidFile());
            LOG.info("Stack daemon stopped");
        }, "stack-daemon-shutdown"));
        try {
            kafka.start();
            registry.start();
            writePidFile(config.daemonPidFile());
        } catch (RuntimeException e) {
            LOG.error("Stack daemon could not start", e);
            System.exit(1);
        }
        LOG.info("Stack daemon (pid {}) serving kafka {} and registry {}", ProcessHandle.current().pid(),
                config.bootstrapServers(), config.registryUrl());
        new CountDownLatch(1).await();
    }

    private static void writePidFile(Path pidFile) {
        Path partial = pidFile.resolveSibling(pidFile.getFileName() + ".partial");
        try {
            Files.writeString(partial, Long.toString(ProcessHandle.current().pid()), StandardCharsets.UTF_8);
            // Atomic, so a reader never sees an empty or half-written pid.
            Files.move(partial, pidFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write pid file " + pidFile + ": " + e.getMessage(), e);
        }
    }

    /** Deletes the pid file only if it is ours: a daemon that failed to start must not orphan a running one. */
    private static void deletePidFile(Path pidFile) {
        try {
            if (Files.exists(pidFile) && Files.readString(pidFile).strip()
                    .equals(Long.toString(ProcessHandle.current().pid()))) {
                Files.delete(pidFile);
            }
        } catch (IOException e) {
            LOG.warn("cannot delete pid file {}: {}", pidFile, e.toString());
        }
    }
}
