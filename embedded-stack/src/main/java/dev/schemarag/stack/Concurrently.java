package dev.schemarag.stack;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Two start-ups that do not depend on each other, run at the same time: PostgreSQL (initdb and {@code pg_ctl}, processes
 * of their own) beside the in-process broker and the registry, which is what a stack's start spends most of its time
 * on.
 */
public final class Concurrently {
    private Concurrently() {}

    /**
     * Runs {@code aside} on a new thread named {@code asideName} while {@code here} runs on the caller's, and returns
     * once both have ended, even when interrupted (a caller cleaning up after a failure must not race a start still
     * under way). Throws the first failure, the other's suppressed: {@code here}'s when both fail.
     */
    public static void run(String asideName, Runnable aside, Runnable here) {
        FutureTask<Void> task = new FutureTask<>(aside, null);
        new Thread(task, asideName).start();
        Throwable failure = null;
        try {
            here.run();
        } catch (RuntimeException | Error e) {
            failure = e;
        }
        Throwable asideFailure = awaitUninterruptibly(task);
        if (failure == null) failure = asideFailure;
        else if (asideFailure != null) failure.addSuppressed(asideFailure);
        if (failure instanceof RuntimeException e) throw e;
        if (failure instanceof Error e) throw e;
        if (failure != null) throw new IllegalStateException(failure);
    }

    /** What {@code task} threw, or null. */
    private static Throwable awaitUninterruptibly(FutureTask<Void> task) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    task.get();
                    return null;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    return e.getCause();
                }
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }
}
