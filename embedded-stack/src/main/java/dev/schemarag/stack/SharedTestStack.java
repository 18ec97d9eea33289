package dev.schemarag.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * One {@link EmbeddedStack} per test JVM, started on first use on free ports in
 * {@code ${schemarag.test.dir}} (default {@code target/it-stack}) and stopped by a shutdown hook.
 * Each JVM starts from an empty directory, so no state leaks between test runs; tests share the
 * stack and isolate themselves by topic and database names.
 */
public final class SharedTestStack {
    private static EmbeddedStack stack;

    private SharedTestStack() {
    }

    public static synchronized EmbeddedStack get() {
        if (stack == null) {
            Path dir = Path.of(System.getProperty("schemarag.test.dir", "target/it-stack")).toAbsolutePath();
            StackConfig config = StackConfig.forTests(dir);
            // A JVM killed without running its hooks can leave its PostgreSQL running in this directory.
            new EmbeddedPostgres(config).stop();
            deleteRecursively(dir);
            EmbeddedStack started = new EmbeddedStack(config);
            Runtime.getRuntime().addShutdownHook(new Thread(started::down, "shared-test-stack-down"));
            started.up();
            stack = started;
        }
        return stack;
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear test stack directory " + dir, e);
        }
    }
}
