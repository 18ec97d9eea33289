package dev.schemarag.generation.kafka;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;

/**
 * The blocking steps of one run of a {@link BufferedProcessor}, on the {@link StageWorkers}' threads, cancelled as a
 * whole when the run's task closes: a step under way is interrupted, a step queued never starts, and a step asked for
 * later (after a model call that was under way ends) is refused, which ends the run's chain there.
 */
final class RunSteps implements Executor {
    private final ExecutorService threads;
    private final Set<FutureTask<?>> queuedOrRunning = ConcurrentHashMap.newKeySet();
    private volatile boolean cancelled;

    RunSteps(ExecutorService threads) {
        this.threads = threads;
    }

    @Override
    public void execute(Runnable step) {
        if (cancelled) throw new RejectedExecutionException("the run was cancelled");
        FutureTask<Void> task = new FutureTask<>(step, null) {
            @Override
            protected void done() {
                queuedOrRunning.remove(this);
            }
        };
        queuedOrRunning.add(task);
        threads.execute(task);
        // A cancel between the check above and the add has not seen this task.
        if (cancelled) task.cancel(true);
    }

    void cancel() {
        cancelled = true;
        queuedOrRunning.forEach(task -> task.cancel(true));
    }
}
