package dev.schemarag.ingest.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.schemarag.ingest.sync.SyncSummary;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The job lifecycle on real worker threads; each sync waits for its database's latch so the test sets the pace. */
class SyncJobsTest {
    private static final SyncSummary SUMMARY = new SyncSummary(3, 10, 2, 1, 4, 0.5);
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final ConcurrentHashMap<String, CountDownLatch> releases = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, CountDownLatch> started = new ConcurrentHashMap<>();
    private SyncJobs jobs;

    private SyncSummary sync(String databaseId) throws Exception {
        started.computeIfAbsent(databaseId, id -> new CountDownLatch(1)).countDown();
        assertThat(release(databaseId).await(WAIT.toSeconds(), TimeUnit.SECONDS))
                .isTrue();
        if (databaseId.startsWith("broken"))
            throw new SQLException("password authentication failed for user \"admin\" at 10.0.0.5");
        return SUMMARY;
    }

    private CountDownLatch release(String databaseId) {
        return releases.computeIfAbsent(databaseId, id -> new CountDownLatch(1));
    }

    private void awaitStarted(String databaseId) throws InterruptedException {
        assertThat(started.computeIfAbsent(databaseId, id -> new CountDownLatch(1))
                        .await(WAIT.toSeconds(), TimeUnit.SECONDS))
                .isTrue();
    }

    @AfterEach
    void close() {
        releases.values().forEach(CountDownLatch::countDown);
        if (jobs != null) jobs.close();
    }

    @Test
    void aJobIsQueuedThenRunningThenSucceededWithTheSummary() throws Exception {
        jobs = new SyncJobs(this::sync, 1, 2, 10);
        SyncJobs.Job first = jobs.submit("erp").orElseThrow();
        SyncJobs.Job second = jobs.submit("crm").orElseThrow();
        awaitStarted("erp");

        assertThat(jobs.find(first.id()).orElseThrow().status()).isEqualTo(SyncJobs.Status.RUNNING);
        assertThat(jobs.find(second.id()).orElseThrow().status())
                .as("one worker")
                .isEqualTo(SyncJobs.Status.QUEUED);

        release("erp").countDown();
        SyncJobs.Job done = awaitFinished(first.id());
        assertThat(done.status()).isEqualTo(SyncJobs.Status.SUCCEEDED);
        assertThat(done.summary()).isEqualTo(SUMMARY);
        assertThat(done.databaseId()).isEqualTo("erp");
        assertThat(done.errorCode()).isNull();
        awaitStarted("crm");
        assertThat(first.id()).isNotEqualTo(second.id());
    }

    @Test
    void aFailedJobCarriesASafeCodeAndMessageNotTheExceptionText() throws Exception {
        jobs = new SyncJobs(this::sync, 1, 1, 10);
        SyncJobs.Job job = jobs.submit("broken").orElseThrow();
        release("broken").countDown();

        SyncJobs.Job failed = awaitFinished(job.id());
        assertThat(failed.status()).isEqualTo(SyncJobs.Status.FAILED);
        assertThat(failed.errorCode()).isEqualTo("sync_failed");
        assertThat(failed.errorMessage()).contains(job.id()).doesNotContain("password", "10.0.0.5", "SQLException");
        assertThat(failed.summary()).isNull();
    }

    @Test
    void whenTheWorkersAndTheQueueAreFullASubmissionIsRefused() throws Exception {
        jobs = new SyncJobs(this::sync, 1, 1, 10);
        assertThat(jobs.submit("a")).isPresent();
        awaitStarted("a");
        assertThat(jobs.submit("b")).isPresent();

        Optional<SyncJobs.Job> refused = jobs.submit("c");

        assertThat(refused).isEmpty();
        release("a").countDown();
        release("b").countDown();
        awaitStarted("b");
    }

    @Test
    void anUnknownJobIsNotFound() {
        jobs = new SyncJobs(this::sync, 1, 1, 10);

        assertThat(jobs.find("no-such-job")).isEmpty();
    }

    @Test
    void onlyTheMostRecentFinishedJobsAreRetained() throws Exception {
        jobs = new SyncJobs(this::sync, 1, 1, 2);
        release("db").countDown();
        SyncJobs.Job oldest = jobs.submit("db").orElseThrow();
        awaitFinished(oldest.id());
        SyncJobs.Job middle = jobs.submit("db").orElseThrow();
        awaitFinished(middle.id());
        SyncJobs.Job newest = jobs.submit("db").orElseThrow();

        assertThat(jobs.find(oldest.id())).isEmpty();
        assertThat(jobs.find(middle.id())).isPresent();
        assertThat(jobs.find(newest.id())).isPresent();
    }

    private SyncJobs.Job awaitFinished(String id) {
        return await("job " + id + " finished")
                .atMost(WAIT)
                .pollInterval(Duration.ofMillis(10))
                .until(() -> jobs.find(id).orElseThrow(), job -> job.status().finished());
    }
}
