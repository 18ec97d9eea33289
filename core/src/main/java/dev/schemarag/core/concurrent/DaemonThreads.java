package dev.schemarag.core.concurrent;

import java.util.concurrent.ThreadFactory;

/** Threads that never keep the process alive, named {@code schemarag-<name>} so that a thread dump tells them apart. */
public final class DaemonThreads {
    private DaemonThreads() {}

    public static ThreadFactory named(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, "schemarag-" + name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
