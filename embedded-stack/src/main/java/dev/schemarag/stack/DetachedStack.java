package dev.schemarag.stack;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The stack as the CLI runs it: it outlives the command that started it. PostgreSQL runs under
 * {@code pg_ctl} (its pid file is {@code postmaster.pid}), MariaDB when asked for in a session of its own (its pid file
 * is {@code mariadbd.pid}); Kafka and the registry run in a {@link StackDaemon}
 * JVM in its own session, whose pid file is {@link StackConfig#daemonPidFile()}. {@link #down} stops exactly
 * the processes those pid files name.
 */
public final class DetachedStack {
    private static final Logger LOG = LoggerFactory.getLogger(DetachedStack.class);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    private static final Path SETSID = Path.of("/usr/bin/setsid");
    private static final List<String> DAEMON_JVM_OPTIONS = List.of(
            "-Xmx384m", "-XX:+UseSerialGC", "-Dlogback.configurationFile=dev/schemarag/stack/stack-daemon-logback.xml");

    private DetachedStack() {}

    /**
     * Starts whatever part of the stack is not running and waits until all of it answers.
     *
     * @param javaClasspath the classpath for the daemon JVM; it must hold this module and its dependencies
     * @param withMariaDb whether MariaDB is started too
     */
    public static StackStatus up(StackConfig config, String javaClasspath, boolean withMariaDb) {
        try {
            Files.createDirectories(config.logsDir());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + config.logsDir(), e);
        }
        new EmbeddedPostgres(config).start();
        Optional<ProcessHandle> running = runningDaemon(config);
        if (running.isPresent()) {
            LOG.info("Stack daemon already running (pid {})", running.get().pid());
        } else {
            awaitDaemon(config, spawnDaemon(config, javaClasspath));
        }
        if (withMariaDb) {
            new EmbeddedMariaDb(config).start();
        }
        return status(config);
    }

    /**
     * Whether something listens on the stack's Kafka port: a quick answer for a client that only needs to know the
     * stack cannot be up, without the admin client, database login and registry call of {@link #status}.
     */
    public static boolean brokerListening(StackConfig config) {
        return StackProbe.portOpen(config.kafkaPort());
    }

    /**
     * Drops inactive replication slots, stops the daemon, PostgreSQL and MariaDB (when it runs), and waits until their
     * processes are gone.
     */
    public static StackStatus down(StackConfig config) {
        EmbeddedPostgres postgres = new EmbeddedPostgres(config);
        if (postgres.isRunning() && StackProbe.postgresAnswers(config)) {
            postgres.dropReplicationSlotsOrWarn();
        }
        runningDaemon(config).ifPresent(DetachedStack::terminate);
        try {
            Files.deleteIfExists(config.daemonPidFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + config.daemonPidFile(), e);
        }
        postgres.stop();
        new EmbeddedMariaDb(config).stop();
        return status(config);
    }

    public static StackStatus status(StackConfig config) {
        return StackProbe.probe(config);
    }

    /** The daemon process named by the pid file, if it is still alive. */
    static Optional<ProcessHandle> runningDaemon(StackConfig config) {
        try {
            return DaemonPidFile.liveProcess(config.daemonPidFile());
        } catch (IOException e) {
            LOG.warn("Ignoring unreadable pid file {}: {}", config.daemonPidFile(), e.getMessage());
            return Optional.empty();
        }
    }

    private static Process spawnDaemon(StackConfig config, String javaClasspath) {
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            // Its own session: a hang-up or Ctrl-C in the terminal that ran "stack up" does not reach the daemon.
            command.addAll(List.of(SETSID.toString(), "--wait"));
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(DAEMON_JVM_OPTIONS);
        command.addAll(List.of("-cp", javaClasspath, StackDaemon.class.getName()));
        command.addAll(config.toDaemonArgs());
        File log = daemonLog(config).toFile();
        try {
            Process process = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log))
                    .redirectErrorStream(true)
                    .start();
            LOG.info("Started stack daemon (process {}), logging to {}", process.pid(), log);
            return process;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the stack daemon", e);
        }
    }

    private static void awaitDaemon(StackConfig config, Process daemon) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (true) {
            if (!daemon.isAlive()) {
                throw new IllegalStateException("the stack daemon exited with code " + daemon.exitValue()
                        + "; the end of " + daemonLog(config) + ":\n" + tail(daemonLog(config)));
            }
            if (Files.exists(config.daemonPidFile())
                    && StackProbe.kafkaAnswers(config)
                    && StackProbe.registryAnswers(config.registryUrl())) {
                return;
            }
            if (System.nanoTime() > deadline) {
                daemon.descendants().forEach(ProcessHandle::destroyForcibly);
                daemon.destroyForcibly();
                throw new IllegalStateException("the stack daemon did not answer within " + START_TIMEOUT
                        + "; the end of " + daemonLog(config) + ":\n" + tail(daemonLog(config)));
            }
            sleep(Duration.ofMillis(250));
        }
    }

    private static void terminate(ProcessHandle daemon) {
        LOG.info("Stopping stack daemon (pid {})", daemon.pid());
        daemon.destroy();
        try {
            daemon.onExit().get(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.warn("Stack daemon (pid {}) ignored SIGTERM for {}; killing it", daemon.pid(), STOP_TIMEOUT);
            daemon.destroyForcibly();
            daemon.onExit().join();
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot wait for the stack daemon to exit", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the stack daemon", e);
        }
    }

    private static Path daemonLog(StackConfig config) {
        return config.logsDir().resolve("stack-daemon.log");
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e + ")";
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the stack daemon", e);
        }
    }
}
