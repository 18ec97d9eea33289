package dev.schemarag.app;

import dev.schemarag.stack.DetachedStack;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.stack.StackConfig;

import java.nio.file.Path;

/**
 * The embedded stack for one command: the detached stack when {@code schemarag stack up} already runs it, otherwise
 * an in-process one that lives as long as the command (one JVM, less memory than a second one).
 */
final class StackSession implements AutoCloseable {
    private final EmbeddedStack owned;

    private StackSession(EmbeddedStack owned) {
        this.owned = owned;
    }

    static StackSession ensure(Path home) {
        StackConfig config = StackConfig.defaults(home);
        if (DetachedStack.status(config).allUp()) return new StackSession(null);
        System.out.println("starting the embedded stack (Kafka KRaft, PostgreSQL + pgvector, schema registry) in " + config.baseDir());
        EmbeddedStack stack = new EmbeddedStack(config);
        // Ctrl-C must not leave PostgreSQL running: it is a separate process.
        Runtime.getRuntime().addShutdownHook(new Thread(stack::down, "schemarag-stack-down"));
        stack.up();
        return new StackSession(stack);
    }

    @Override
    public void close() {
        if (owned != null) owned.down();
    }
}
