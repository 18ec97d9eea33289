package dev.schemarag.stack.process;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Stops processes as a supervisor would: SIGTERM to all, so their shutdown hooks run, then SIGKILL to those left. */
public final class GracefulStop {
    private GracefulStop() {}

    /** Returns once every process is gone, or was killed for still running {@code grace} after the SIGTERM. */
    public static void all(List<ProcessHandle> processes, Duration grace) {
        processes.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        for (ProcessHandle process : processes) {
            try {
                process.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException e) {
                process.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
    }
}
