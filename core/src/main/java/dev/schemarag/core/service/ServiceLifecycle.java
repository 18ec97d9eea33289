package dev.schemarag.core.service;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The life of a {@code serve} process: it runs until SIGTERM or until one of its stream clients fails for good. Either
 * way the main thread closes the resources, then the process exits, non-zero after a failure so that a supervisor
 * restarts it. The stream thread that reports a failure only signals; it never exits the JVM itself.
 */
public final class ServiceLifecycle {
    /** How long SIGTERM waits for the resources to close (stream clients leave their groups, the store pool closes). */
    public static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(60);

    public static final int FAILED = 1;

    private final CountDownLatch stop = new CountDownLatch(1);
    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile boolean stopping;
    private volatile boolean failed;

    /** Makes SIGTERM (or Ctrl-C) stop the service and wait, within the grace period, until {@link #closed()}. */
    public void installShutdownHook() {
        Runtime.getRuntime().addShutdownHook(new Thread(this::stopAndAwaitClosed, "serve-shutdown"));
    }

    private void stopAndAwaitClosed() {
        stopping = true;
        stop.countDown();
        try {
            closed.await(SHUTDOWN_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A stream client died: the service stops and the process exits non-zero. Returns at once. */
    public void fail() {
        failed = true;
        stop.countDown();
    }

    /** Liveness: neither stopping nor failed. */
    public boolean live() {
        return !stopping && !failed;
    }

    /** Blocks the main thread until SIGTERM or a failure. */
    public void awaitStop() throws InterruptedException {
        stop.await();
        stopping = true;
    }

    /** The resources are closed: a pending SIGTERM may let the JVM halt now. */
    public void closed() {
        closed.countDown();
    }

    public int exitCode() {
        return failed ? FAILED : 0;
    }
}
