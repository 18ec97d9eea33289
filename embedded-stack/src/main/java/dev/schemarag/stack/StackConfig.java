package dev.schemarag.stack;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * Where the embedded stack keeps its data and which loopback ports it listens on. {@code fsync=false}
 * trades crash safety for speed and is meant for tests only (the testkit's {@code TestStackConfig}).
 */
public record StackConfig(
        Path baseDir,
        int kafkaPort,
        int controllerPort,
        int postgresPort,
        int registryPort,
        int mariadbPort,
        boolean fsync) {
    public static final int DEFAULT_KAFKA_PORT = 19092;
    public static final int DEFAULT_CONTROLLER_PORT = 19093;
    public static final int DEFAULT_POSTGRES_PORT = 55432;
    public static final int DEFAULT_REGISTRY_PORT = 18081;
    /** MariaDB runs only when asked for ({@code stack up --with mariadb}); its port is reserved all the same. */
    public static final int DEFAULT_MARIADB_PORT = 53306;

    public StackConfig {
        if (baseDir == null) {
            throw new IllegalArgumentException("baseDir is required");
        }
        // Absolute, because pg_ctl and the stack daemon run with working directories of their own.
        baseDir = baseDir.toAbsolutePath().normalize();
        for (int port : List.of(kafkaPort, controllerPort, postgresPort, registryPort, mariadbPort)) {
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("port " + port + " is outside 1..65535");
            }
        }
        if (new HashSet<>(List.of(kafkaPort, controllerPort, postgresPort, registryPort, mariadbPort)).size() != 5) {
            throw new IllegalArgumentException("the five stack ports must differ: kafka " + kafkaPort + ", controller "
                    + controllerPort + ", postgres " + postgresPort + ", registry " + registryPort + ", mariadb "
                    + mariadbPort);
        }
    }

    /** The stack of a developer's checkout: {@code <projectDir>/.schemarag} on fixed, documented ports. */
    public static StackConfig defaults(Path projectDir) {
        return new StackConfig(
                projectDir.resolve(".schemarag"),
                DEFAULT_KAFKA_PORT,
                DEFAULT_CONTROLLER_PORT,
                DEFAULT_POSTGRES_PORT,
                DEFAULT_REGISTRY_PORT,
                DEFAULT_MARIADB_PORT,
                true);
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + kafkaPort;
    }

    public String registryUrl() {
        return "http://127.0.0.1:" + registryPort;
    }

    public Path kafkaDir() {
        return baseDir.resolve("kafka");
    }

    public Path postgresDir() {
        return baseDir.resolve("postgres");
    }

    public Path mariadbDir() {
        return baseDir.resolve("mariadb");
    }

    public Path logsDir() {
        return baseDir.resolve("logs");
    }

    public Path daemonPidFile() {
        return baseDir.resolve("stack-daemon.pid");
    }

    /** The command-line arguments that {@link StackDaemon} turns back into this config. */
    public List<String> toDaemonArgs() {
        List<String> args = new ArrayList<>();
        args.add(baseDir.toString());
        for (int number : List.of(kafkaPort, controllerPort, postgresPort, registryPort, mariadbPort)) {
            args.add(Integer.toString(number));
        }
        args.add(Boolean.toString(fsync));
        return args;
    }

    public static StackConfig fromDaemonArgs(String... args) {
        if (args.length != 7) {
            throw new IllegalArgumentException("expected <baseDir> <kafkaPort> <controllerPort> <postgresPort>"
                    + " <registryPort> <mariadbPort> <fsync>, got " + args.length + " arguments");
        }
        try {
            return new StackConfig(
                    Path.of(args[0]),
                    Integer.parseInt(args[1]),
                    Integer.parseInt(args[2]),
                    Integer.parseInt(args[3]),
                    Integer.parseInt(args[4]),
                    Integer.parseInt(args[5]),
                    Boolean.parseBoolean(args[6]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("ports must be numbers: " + e.getMessage(), e);
        }
    }
}
