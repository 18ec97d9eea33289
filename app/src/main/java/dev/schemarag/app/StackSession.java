package dev.schemarag.app;

import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import dev.schemarag.stack.DetachedStack;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.stack.StackConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * The embedded stack for one command: the detached stack when {@code schemarag stack up} already runs it, otherwise
 * an in-process one that lives as long as the command (one JVM, less memory than a second one). None at all when
 * the settings point at other endpoints: then someone else runs the stack.
 */
public final class StackSession implements AutoCloseable {
    private static final List<Setting<String>> ENDPOINTS =
            List.of(AppSettings.KAFKA_BOOTSTRAP_SERVERS, AppSettings.SCHEMA_REGISTRY_URL, AppSettings.STORE_JDBC_URL);

    private final EmbeddedStack owned;

    private StackSession(EmbeddedStack owned) {
        this.owned = owned;
    }

    /** @param out where starting the stack is told */
    public static StackSession ensure(Path home, PrintWriter out) {
        if (!usesEmbeddedStack(Settings.fromEnvironment(AppSettings.all()))) return new StackSession(null);
        StackConfig config = StackConfig.defaults(home);
        if (DetachedStack.status(config).allUp()) return new StackSession(null);
        out.println("starting the embedded stack (Kafka KRaft, PostgreSQL + pgvector, schema registry) in "
                + config.baseDir());
        EmbeddedStack stack = new EmbeddedStack(config);
        // Ctrl-C must not leave PostgreSQL running: it is a separate process.
        Runtime.getRuntime().addShutdownHook(new Thread(stack::down, "schemarag-stack-down"));
        stack.up();
        return new StackSession(stack);
    }

    /** Whether any endpoint is the embedded stack's default, which only the embedded stack serves. */
    public static boolean usesEmbeddedStack(Settings settings) {
        return ENDPOINTS.stream().anyMatch(endpoint -> isEmbeddedDefault(settings, endpoint));
    }

    /** Whether {@code endpoint} is the embedded stack's default, which only the embedded stack serves. */
    static boolean isEmbeddedDefault(Settings settings, Setting<String> endpoint) {
        return settings.get(endpoint).equals(endpoint.defaultValue());
    }

    @Override
    public void close() {
        if (owned != null) owned.down();
    }
}
