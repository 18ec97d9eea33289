package dev.schemarag.app.supervision;

import dev.schemarag.core.kafka.StreamsSettings;
import dev.schemarag.core.service.Service;
import dev.schemarag.stack.DaemonPidFile;
import dev.schemarag.stack.process.ServiceLaunch;
import dev.schemarag.stack.process.ServiceProcess;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The detached process behind {@code schemarag up}: runs ingest, retrieval and generation as {@code serve}
 * processes with static membership ({@code group.instance.id} = the service's name), starts again any that exits
 * ({@link RestartPolicy}), and on SIGTERM stops them all (SIGTERM, then SIGKILL after a grace period). The services
 * inherit its environment, which carries the caller's settings. Arguments: the project home and the main class whose
 * {@code serve <service>} runs a service.
 */
public final class ServiceSupervisor {
    private static final Duration CHECK_INTERVAL = Duration.ofSeconds(1);

    private final SupervisedLayout layout;
    private final RestartPolicy policy;
    /** Its log: the supervisor's standard output, which {@code up} appends to {@code supervisor.log}. */
    private final PrintStream log;

    private final Map<Service, Supervised> services = new EnumMap<>(Service.class);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile boolean stopping;

    private ServiceSupervisor(SupervisedLayout layout, RestartPolicy policy, String cliMainClass, PrintStream log) {
        this.layout = layout;
        this.policy = policy;
        this.log = log;
        for (Service service : Service.values()) {
            Map<String, String> own = Map.of(StreamsSettings.GROUP_INSTANCE_ID.environmentVariable(), service.id());
            ServiceLaunch launch =
                    ServiceLaunch.ofThisJvm(cliMainClass, service.id(), service.niceness(), layout.home());
            services.put(service, new Supervised(new ServiceProcess(launch, own, layout.log(service))));
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: ServiceSupervisor <home> <cli main class>");
            System.exit(2);
        }
        ServiceSupervisor supervisor = new ServiceSupervisor(
                new SupervisedLayout(Path.of(args[0])), RestartPolicy.DEFAULT, args[1], System.out);
        Runtime.getRuntime().addShutdownHook(new Thread(supervisor::stopAll, "supervisor-stop"));
        DaemonPidFile.writeCurrentProcess(supervisor.layout.supervisorPidFile());
        supervisor.superviseUntilStopped();
    }

    private void superviseUntilStopped() throws InterruptedException {
        do {
            superviseOnce(Instant.now());
        } while (!stopped.await(CHECK_INTERVAL.toMillis(), TimeUnit.MILLISECONDS));
    }

    /** Under the lock {@link #stopAll} takes, so no service is started once stopping began. */
    private synchronized void superviseOnce(Instant now) {
        if (stopping) return;
        for (Map.Entry<Service, Supervised> e : services.entrySet()) {
            try {
                e.getValue().startIfDue(now, policy);
            } catch (IOException | RuntimeException failure) {
                log(e.getKey() + " could not be started: " + failure.getMessage());
            }
        }
        writePids();
    }

    private synchronized void stopAll() {
        stopping = true;
        stopped.countDown();
        for (Supervised s : services.values()) {
            try {
                s.process.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        try {
            Files.deleteIfExists(layout.servicePidsFile());
            DaemonPidFile.deleteIfCurrentProcess(layout.supervisorPidFile());
        } catch (IOException e) {
            log("cannot delete the pid files: " + e.getMessage());
        }
        log("supervisor stopped");
    }

    private synchronized void writePids() {
        if (stopping) return;
        Map<Service, Long> pids = new EnumMap<>(Service.class);
        services.forEach((service, s) -> s.process.pid().ifPresent(pid -> pids.put(service, pid)));
        Path file = layout.servicePidsFile();
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try {
            Files.writeString(partial, new ServicePids(pids).format(), StandardCharsets.UTF_8);
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            log("cannot write " + file + ": " + e.getMessage());
        }
    }

    private void log(String message) {
        log.println(Instant.now() + " " + message);
    }

    /** One service's process and its restart bookkeeping. */
    private final class Supervised {
        private final ServiceProcess process;
        private Instant startedAt;
        private Instant nextStart = Instant.MIN;
        private int quickFailures;

        Supervised(ServiceProcess process) {
            this.process = process;
        }

        void startIfDue(Instant now, RestartPolicy policy) throws IOException {
            if (process.isAlive()) return;
            if (startedAt != null && process.exitedOnItsOwn()) {
                Duration run = Duration.between(startedAt, now);
                quickFailures = policy.quickFailuresAfter(run, quickFailures);
                nextStart = now.plus(policy.delay(run, quickFailures));
                startedAt = null;
                log(process.service() + " exited after " + run.toSeconds() + " s; starting it again in "
                        + Duration.between(now, nextStart).toMillis() + " ms (see " + process.logFile() + ")");
            }
            if (now.isBefore(nextStart)) return;
            process.start();
            startedAt = now;
            log(process.service() + " started (pid " + process.pid().orElse(-1) + ")");
        }
    }
}
