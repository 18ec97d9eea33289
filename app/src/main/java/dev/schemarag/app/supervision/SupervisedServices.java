package dev.schemarag.app.supervision;

import dev.schemarag.app.AppSettings;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.service.Service;
import dev.schemarag.stack.DaemonPidFile;
import dev.schemarag.stack.process.GracefulStop;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The services {@code schemarag up} runs under a detached {@link ServiceSupervisor}: starting it, probing each
 * service's admin endpoint, stopping it. The supervisor's pid file says whether it runs.
 */
public final class SupervisedServices {
    private static final Path SETSID = Path.of("/usr/bin/setsid");
    private static final Duration SUPERVISOR_STOP_TIMEOUT = Duration.ofSeconds(45);
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final SupervisedLayout layout;
    private final Settings settings;
    private final String cliMainClass;

    /** @param cliMainClass the main class whose {@code serve <service>} runs a service */
    public SupervisedServices(SupervisedLayout layout, Settings settings, String cliMainClass) {
        this.layout = layout;
        this.settings = settings;
        this.cliMainClass = cliMainClass;
    }

    public Optional<ProcessHandle> supervisor() {
        try {
            return DaemonPidFile.liveProcess(layout.supervisorPidFile());
        } catch (IOException unreadable) {
            return Optional.empty();
        }
    }

    /**
     * Spawns the supervisor in a session of its own (a Ctrl-C in this terminal does not reach it), with this JVM's
     * settings given as system properties passed on as environment variables, and waits for its pid file.
     */
    public ProcessHandle startSupervisor(String classpath) throws IOException, InterruptedException {
        Files.createDirectories(layout.logsDir());
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(SETSID)) command.addAll(List.of(SETSID.toString(), "--wait"));
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of("-Xmx64m", "-XX:+UseSerialGC", "-cp", classpath, ServiceSupervisor.class.getName()));
        command.add(layout.home().toString());
        command.add(cliMainClass);
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(layout.home().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(
                        ProcessBuilder.Redirect.appendTo(layout.supervisorLog().toFile()))
                .redirectErrorStream(true);
        for (Setting<?> s : AppSettings.all()) {
            String property = System.getProperty(s.key());
            if (property != null) builder.environment().put(s.environmentVariable(), property);
        }
        Process process = builder.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            Optional<ProcessHandle> running = supervisor();
            if (running.isPresent()) return running.get();
            if (!process.isAlive())
                throw new IllegalStateException(
                        "the supervisor exited with " + process.exitValue() + "; see " + layout.supervisorLog());
            Thread.sleep(100);
        }
        throw new IllegalStateException("the supervisor wrote no pid file within 30 s; see " + layout.supervisorLog());
    }

    /** Polls until every service is ready or {@code timeout} passes; the last probe either way. */
    public List<ServiceHealth> awaitReady(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<ServiceHealth> health = probe();
        while (!ServiceHealth.allReady(health)
                && System.nanoTime() < deadline
                && supervisor().isPresent()) {
            Thread.sleep(500);
            health = probe();
        }
        return health;
    }

    public List<ServiceHealth> probe() throws InterruptedException {
        ServicePids pids = readPids();
        List<ServiceHealth> health = new ArrayList<>();
        for (Service service : Service.values()) {
            String admin = adminUrl(service);
            OptionalLong pid = pids.of(service);
            OptionalLong alive = pid.isPresent()
                            && ProcessHandle.of(pid.getAsLong())
                                    .map(ProcessHandle::isAlive)
                                    .orElse(false)
                    ? pid
                    : OptionalLong.empty();
            health.add(
                    new ServiceHealth(service, alive, ServiceHealth.Health.ofReadyStatus(readyStatus(admin)), admin));
        }
        return health;
    }

    String adminUrl(Service service) {
        return "http://127.0.0.1:" + settings.get(service.adminPort());
    }

    public Path log(Service service) {
        return layout.log(service);
    }

    /**
     * SIGTERM to the supervisor, which stops its services; SIGKILL to all of them if it is not gone in time. Services
     * a killed supervisor left behind are stopped too.
     */
    public boolean stop() throws IOException, InterruptedException {
        Optional<ProcessHandle> running = supervisor();
        if (running.isEmpty()) return stopOrphans();
        ProcessHandle supervisor = running.get();
        List<ProcessHandle> services = supervisor.descendants().toList();
        supervisor.destroy();
        try {
            supervisor.onExit().get(SUPERVISOR_STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            services.forEach(ProcessHandle::destroyForcibly);
            supervisor.destroyForcibly();
            supervisor.onExit().join();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("cannot wait for the supervisor to exit", e);
        }
        Files.deleteIfExists(layout.supervisorPidFile());
        Files.deleteIfExists(layout.servicePidsFile());
        return true;
    }

    /**
     * Stops the services whose supervisor died without stopping them (kill -9): they still run under the pids it
     * recorded. A pid is only trusted when its command line is still that service's {@code serve}, since pids are
     * reused.
     */
    public boolean stopOrphans() throws IOException {
        List<ProcessHandle> orphans = new ArrayList<>();
        ServicePids pids = readPids();
        for (Service service : Service.values())
            pids.of(service).stream()
                    .mapToObj(ProcessHandle::of)
                    .flatMap(Optional::stream)
                    .filter(p -> p.isAlive() && servesThis(p, service))
                    .forEach(orphans::add);
        GracefulStop.all(orphans, SUPERVISOR_STOP_TIMEOUT);
        Files.deleteIfExists(layout.servicePidsFile());
        return !orphans.isEmpty();
    }

    private boolean servesThis(ProcessHandle process, Service service) {
        String commandLine = commandLine(process);
        return commandLine.contains(cliMainClass + " serve " + service.id())
                && commandLine.contains("-Dschemarag.home=" + layout.home());
    }

    /** The whole command line: {@code ProcessHandle.Info} cuts it at 4096 characters, before a long classpath ends. */
    private static String commandLine(ProcessHandle process) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(process.pid()), "cmdline"));
            return new String(raw, StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException | UnsupportedOperationException noProcFs) {
            return process.info().commandLine().orElse("");
        }
    }

    private ServicePids readPids() {
        try {
            Path file = layout.servicePidsFile();
            return Files.exists(file)
                    ? ServicePids.parse(Files.readString(file, StandardCharsets.UTF_8))
                    : new ServicePids(Map.of());
        } catch (IOException unreadable) {
            return new ServicePids(Map.of());
        }
    }

    private static OptionalLong readyStatus(String admin) throws InterruptedException {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(admin + "/ready"))
                    .timeout(Duration.ofSeconds(2))
                    .GET()
                    .build();
            return OptionalLong.of(
                    HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode());
        } catch (IOException nothingListening) {
            return OptionalLong.empty();
        }
    }
}
