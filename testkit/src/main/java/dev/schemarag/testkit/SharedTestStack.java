package dev.schemarag.testkit;

import dev.schemarag.stack.Directories;
import dev.schemarag.stack.EmbeddedPostgres;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.stack.StackConfig;
import java.nio.file.Path;

/**
 * One {@link EmbeddedStack} per test JVM, started on first use on free ports in
 * {@code ${schemarag.test.dir}} (default {@code target/it-stack}) and stopped by a shutdown hook.
 * Each JVM starts from an empty directory, so no state leaks between test runs; tests share the
 * stack and isolate themselves by topic and database names.
 */
public final class SharedTestStack {
    private static EmbeddedStack stack;

    private SharedTestStack() {}

    public static synchronized EmbeddedStack get() {
        if (stack == null) {
            Path dir = Path.of(System.getProperty("schemarag.test.dir", "target/it-stack"))
                    .toAbsolutePath();
            StackConfig config = TestStackConfig.inDir(dir);
            // A JVM killed without running its hooks can leave its PostgreSQL running in this directory.
            new EmbeddedPostgres(config).stop();
            Directories.deleteRecursively(dir);
            EmbeddedStack started = new EmbeddedStack(config);
            Runtime.getRuntime().addShutdownHook(new Thread(started::down, "shared-test-stack-down"));
            started.up();
            stack = started;
        }
        return stack;
    }
}
