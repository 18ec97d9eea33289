package dev.schemarag.stack.process;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * One service run as an OS process ({@link ServiceLaunch}), its output appended to a log file, that can be waited
 * for until ready, killed with SIGKILL (as {@code kill -9}), restarted and stopped.
 */
public final class ServiceProcess implements AutoCloseable {
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final ServiceLaunch launch;
    private final Map<String, String> environment;
    private final Path logFile;
    private Process process;
    private long logOffset;
    /** Whether this harness ended the process (kill or stop), as opposed to its exiting on its own. */
    private boolean endedByUs;
    /** The admin endpoint the running process announced, once {@link #awaitReady} saw it. */
    private volatile Optional<URI> adminUrl = Optional.empty();

    public ServiceProcess(ServiceLaunch launch, Map<String, String> environment, Path logFile) {
        this.launch = launch;
        this.environment = Map.copyOf(environment);
        this.logFile = logFile;
    }

    public String service() {
        return launch.service();
    }

    public Path logFile() {
        return logFile;
    }

    public synchronized void start() throws IOException {
        if (process != null && process.isAlive()) throw new IllegalStateException(service() + " is already running");
        Files.createDirectories(logFile.getParent());
        Files.createDirectories(launch.home());
        logOffset = Files.exists(logFile) ? Files.size(logFile) : 0;
        ProcessBuilder builder = new ProcessBuilder(launch.command())
                .directory(launch.home().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
        builder.environment().putAll(environment);
        process = builder.start();
        endedByUs = false;
        adminUrl = Optional.empty();
    }

    /**
     * Waits until the service is ready: its admin endpoint's {@code /ready} answers 200, or, when it serves none, it
     * printed that it runs. Fails when the process exits or the time is up.
     */
    public void awaitReady(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean running = false;
        Optional<URI> admin = Optional.empty();
        while (System.nanoTime() < deadline) {
            Process current = current();
            if (!current.isAlive())
                throw new IllegalStateException(
                        service() + " exited with " + current.exitValue() + " before it was ready; see " + logFile);
            for (String line : newLogLines()) {
                running |= launch.announcesRunning(line);
                if (admin.isEmpty()) admin = launch.adminUrl(line);
            }
            if (admin.isPresent()) {
                adminUrl = admin;
                int status = readyStatus(admin.get());
                if (status == 200 || (running && status == 404)) return; // 404: an admin endpoint without /ready
            } else if (running) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException(service() + " was not ready within " + timeout + "; see " + logFile);
    }

    /** SIGKILL on Linux: no shutdown hook runs, no transaction is aborted, no consumer group is left. */
    public void kill() throws InterruptedException {
        Process current;
        synchronized (this) {
            current = current();
            endedByUs = true;
        }
        current.destroyForcibly();
        current.waitFor();
    }

    /** SIGTERM, so shutdown hooks run; SIGKILL when it is not gone within the grace period. */
    public void stop() throws InterruptedException {
        Process current;
        synchronized (this) {
            current = process;
            endedByUs = true;
        }
        if (current == null || !current.isAlive()) return;
        current.destroy();
        if (!current.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
            current.destroyForcibly();
            current.waitFor();
        }
    }

    /** Whether it exited without this harness ending it: a supervisor would start it again. */
    public synchronized boolean exitedOnItsOwn() {
        return process != null && !process.isAlive() && !endedByUs;
    }

    public boolean isAlive() {
        Process current;
        synchronized (this) {
            current = process;
        }
        return current != null && current.isAlive();
    }

    /** The base URL of the admin endpoint (health, readiness, {@code /metrics}) of a process that got ready. */
    public Optional<URI> adminUrl() {
        return adminUrl;
    }

    /** The running process's pid, if it runs. */
    public synchronized OptionalLong pid() {
        return process != null && process.isAlive() ? OptionalLong.of(process.pid()) : OptionalLong.empty();
    }

    private synchronized Process current() {
        if (process == null) throw new IllegalStateException(service() + " was never started");
        return process;
    }

    /** The lines this run of the process added to the log since the last call. */
    private List<String> newLogLines() throws IOException {
        if (!Files.exists(logFile)) return List.of();
        byte[] added;
        try (RandomAccessFile file = new RandomAccessFile(logFile.toFile(), "r")) {
            added = new byte[(int) Math.max(0, file.length() - logOffset)];
            file.seek(logOffset);
            file.readFully(added);
        }
        int end = added.length;
        while (end > 0 && added[end - 1] != '\n') end--; // only complete lines
        logOffset += end;
        return new String(added, 0, end, StandardCharsets.UTF_8).lines().toList();
    }

    private static int readyStatus(URI admin) throws InterruptedException {
        try {
            HttpRequest request = HttpRequest.newBuilder(admin.resolve("/ready"))
                    .timeout(Duration.ofSeconds(2))
                    .GET()
                    .build();
            return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException notListeningYet) {
            return -1; // refused, reset or timed out: not ready
        }
    }

    @Override
    public void close() {
        try {
            stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping " + service(), e);
        }
    }

    @Override
    public String toString() {
        return service() + (isAlive() ? " (pid " + current().pid() + ")" : " (not running)");
    }
}
