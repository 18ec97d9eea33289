package dev.schemarag.core.service;

import dev.schemarag.core.config.DatabaseRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a running service's {@link DatabaseRegistry} equal to the databases file ({@link TargetDatabases#file}):
 * every {@code interval} it compares the file's bytes with the last ones read and, when they differ, reloads the
 * registrations, replaces them in the registry and tells {@code onChange} what was added and removed. Polling the
 * content rather than a WatchService: it sees an atomic rename, a file that appears later, and works on every file
 * system a volume may be. A file that does not parse leaves the registry as it was (and is logged), so a half-edited
 * file stops nothing.
 */
public final class DatabasesWatch implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DatabasesWatch.class);
    public static final Duration INTERVAL = Duration.ofSeconds(1);

    /** Reads the registrations again; {@link TargetDatabases#load} in production. */
    @FunctionalInterface
    public interface Loader {
        DatabaseRegistry load() throws Exception;
    }

    private final Path file;
    private final Loader loader;
    private final DatabaseRegistry registry;
    private final Consumer<DatabaseRegistry.Changes> onChange;
    private final ScheduledExecutorService timer;
    private byte[] lastSeen;

    private DatabasesWatch(
            Path file, Loader loader, DatabaseRegistry registry, Consumer<DatabaseRegistry.Changes> onChange) {
        this.file = file;
        this.loader = loader;
        this.registry = registry;
        this.onChange = onChange;
        this.lastSeen = read(file);
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "schemarag-databases-watch");
            t.setDaemon(true);
            return t;
        });
    }

    /** Watches the runtime's databases file for {@code registry}, loaded from it just before. */
    public static DatabasesWatch start(
            ServiceRuntime runtime, DatabaseRegistry registry, Consumer<DatabaseRegistry.Changes> onChange) {
        return start(TargetDatabases.file(runtime), () -> TargetDatabases.load(runtime), registry, onChange, INTERVAL);
    }

    public static DatabasesWatch start(
            Path file,
            Loader loader,
            DatabaseRegistry registry,
            Consumer<DatabaseRegistry.Changes> onChange,
            Duration interval) {
        DatabasesWatch watch = new DatabasesWatch(file, loader, registry, onChange);
        watch.timer.scheduleWithFixedDelay(
                watch::check, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        return watch;
    }

    /** One comparison; runs on the timer thread only. */
    void check() {
        byte[] now = read(file);
        if (Arrays.equals(now, lastSeen)) return;
        try {
            DatabaseRegistry.Changes changes = registry.replace(loader.load().all());
            lastSeen = now;
            if (changes.none()) return;
            log.info(
                    "databases file changed: added {}, removed {}",
                    changes.added().stream().map(d -> d.id()).toList(),
                    changes.removed().stream().map(d -> d.id()).toList());
            onChange.accept(changes);
        } catch (Exception e) {
            lastSeen = now; // tried once; the next edit is tried again
            log.warn("databases file {} not applied, the registrations stay as they were: {}", file, e.getMessage());
        }
    }

    private static byte[] read(Path file) {
        try {
            return Files.exists(file) ? Files.readAllBytes(file) : new byte[0];
        } catch (IOException e) {
            return new byte[0];
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
