package dev.schemarag.ingest.admin;

import dev.schemarag.ingest.sync.SyncSummary;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Full syncs requested over the admin endpoint, run on a few workers behind a bounded queue: a request only enqueues,
 * so it answers at once, and a flood of requests is refused rather than piling up. The jobs are kept in memory
 * (the most recent {@code retained}, unfinished ones always) so their status can be asked for.
 */
final class SyncJobs implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SyncJobs.class);

    /** One full sync of one database. */
    @FunctionalInterface
    interface SyncTask {
        SyncSummary sync(String databaseId) throws Exception;
    }

    enum Status {
        QUEUED,
        RUNNING,
        SUCCEEDED,
        FAILED;

        String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        boolean finished() {
            return this == SUCCEEDED || this == FAILED;
        }
    }

    /**
     * A job as it stands: the summary once it succeeded, the safe error once it failed.
     *
     * @param errorCode stable name of the failure, e.g. {@code sync_failed}; null unless failed
     */
    record Job(
            String id,
            String databaseId,
            Status status,
            Instant submitted,
            SyncSummary summary,
            String errorCode,
            String errorMessage) {

        Job running() {
            return new Job(id, databaseId, Status.RUNNING, submitted, null, null, null);
        }

        Job succeeded(SyncSummary summary) {
            return new Job(id, databaseId, Status.SUCCEEDED, submitted, summary, null, null);
        }

        Job failed(String code, String message) {
            return new Job(id, databaseId, Status.FAILED, submitted, null, code, message);
        }
    }

    static final String SYNC_FAILED = "sync_failed";

    private final SyncTask task;
    private final int retained;
    private final ThreadPoolExecutor workers;
    private final Map<String, Job> jobs = new LinkedHashMap<>();

    SyncJobs(SyncTask task, int workerCount, int queueCapacity, int retained) {
        if (retained < workerCount + queueCapacity)
            throw new IllegalArgumentException("retained jobs must cover the running and queued ones");
        this.task = task;
        this.retained = retained;
        AtomicInteger threads = new AtomicInteger();
        workers = new ThreadPoolExecutor(
                workerCount, workerCount, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(queueCapacity), r -> {
                    Thread t = new Thread(r, "admin-sync-" + threads.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
    }

    /** Queues a sync of {@code databaseId}; empty when the workers and the queue are full. */
    Optional<Job> submit(String databaseId) {
        Job job = new Job(UUID.randomUUID().toString(), databaseId, Status.QUEUED, Instant.now(), null, null, null);
        synchronized (jobs) {
            try {
                workers.execute(() -> run(job));
            } catch (RejectedExecutionException e) {
                return Optional.empty();
            }
            jobs.put(job.id(), job);
            evictFinishedBeyondRetained();
        }
        return Optional.of(job);
    }

    Optional<Job> find(String id) {
        synchronized (jobs) {
            return Optional.ofNullable(jobs.get(id));
        }
    }

    private void run(Job queued) {
        update(queued.running());
        try {
            SyncSummary summary = task.sync(queued.databaseId());
            update(queued.succeeded(summary));
        } catch (Exception e) {
            // The cause stays in the log: exception text can carry SQL, hosts or paths a caller must not see.
            log.warn("sync job {} of {} failed", queued.id(), queued.databaseId(), e);
            update(queued.failed(
                    SYNC_FAILED, "the sync failed; the ingest service's log has the cause (job " + queued.id() + ")"));
        }
    }

    private void update(Job job) {
        synchronized (jobs) {
            // jobs.put runs in submit before a worker can call this, under the same lock; an evicted job is not revived
            if (jobs.containsKey(job.id())) jobs.put(job.id(), job);
        }
    }

    private void evictFinishedBeyondRetained() {
        Iterator<Job> oldestFirst = jobs.values().iterator();
        while (jobs.size() > retained && oldestFirst.hasNext()) {
            if (oldestFirst.next().status().finished()) oldestFirst.remove();
        }
    }

    /** Stops taking jobs and waits briefly for the running ones; a sync cut short is repeated by the next one. */
    @Override
    public void close() {
        workers.shutdownNow();
        try {
            if (!workers.awaitTermination(10, TimeUnit.SECONDS))
                log.warn("admin sync workers did not stop within 10 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
