package dev.schemarag.retrieval.kafka;

import dev.schemarag.core.admin.CheckResult;
import dev.schemarag.core.admin.ReadinessCheck;
import dev.schemarag.core.store.CatalogChangeWait;
import dev.schemarag.retrieval.SchemaRetriever;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads every stored catalog when the service starts, on a thread of its own so the stream client can join its group
 * meanwhile, warms the way of a record through the service, then follows the store: when the store notifies a
 * committed change, or after the check interval without one, it applies the catalog changes since the versions held.
 * Questions are answered from the catalogs held and never wait for a change to be applied; a change reaches them one
 * notification and one application after ingest stored it. Loading is
 * retried while the store or the registry cannot be reached, and the service is not ready until it is done: a first
 * question must not pay for a load or a first call.
 */
final class CatalogFollower implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(CatalogFollower.class);
    private static final Duration RETRY = Duration.ofSeconds(2);

    private final SchemaRetriever retriever;
    private final CatalogChangeWait changes;
    private final Duration check;
    private volatile Thread thread;
    private volatile Consumer<List<String>> records;
    private volatile String state = "not started";
    private volatile boolean done;

    /**
     * @param changes what wakes the follower when a change commits; closed by the follower's thread when it stops
     * @param check the longest wait between two checks for catalog changes without a notification
     */
    CatalogFollower(SchemaRetriever retriever, CatalogChangeWait changes, Duration check) {
        this.retriever = retriever;
        this.changes = changes;
        this.check = check;
    }

    /**
     * @param records takes the loaded databases' ids once their catalogs are loaded: the first questions' way through
     *     the service besides retrieval itself, warmed before the service is ready
     */
    synchronized void start(Consumer<List<String>> records) {
        if (thread != null) return;
        this.records = records;
        state = "loading";
        Thread follower = new Thread(this::run, "catalog-follower");
        follower.setDaemon(true);
        thread = follower;
        follower.start();
    }

    private void run() {
        try {
            warmUp();
            retriever.follow();
            follow();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            changes.close();
        }
    }

    private void warmUp() throws InterruptedException {
        while (true) {
            long started = System.nanoTime();
            try {
                List<String> databases = retriever.warmUp();
                records.accept(databases);
                state = databases.size() + " database(s) loaded";
                done = true;
                log.info(
                        "Loaded the catalogs of {} database(s) in {} ms",
                        databases.size(),
                        (System.nanoTime() - started) / 1_000_000);
                return;
            } catch (RuntimeException e) {
                state = "loading failed, retrying: " + e.getClass().getSimpleName();
                log.warn("Could not load the catalogs, retrying in {} s: {}", RETRY.toSeconds(), e.toString());
            }
            Thread.sleep(RETRY.toMillis());
        }
    }

    /**
     * Applies the store's changes until closed; an outage is logged once, and questions meanwhile get what is held.
     * After each refresh it waits as long as the refresh took before it waits for the next change: during a burst of
     * changes the follower takes at most half a core from the questions, and applies the changes in fewer, larger
     * steps.
     */
    private void follow() throws InterruptedException {
        boolean failing = false;
        long took = 0;
        while (true) {
            Thread.sleep(took);
            changes.await(check);
            long started = System.nanoTime();
            try {
                retriever.refresh();
                if (failing) log.info("Following the catalogs again");
                failing = false;
            } catch (RuntimeException e) {
                if (!failing)
                    log.warn(
                            "Could not check the catalogs for changes; questions get the catalogs held until the store"
                                    + " answers: {}",
                            e.toString());
                failing = true;
            }
            took = (System.nanoTime() - started) / 1_000_000;
        }
    }

    /** Up once every stored catalog was loaded. */
    ReadinessCheck readiness() {
        return ReadinessCheck.of("catalog", () -> done ? CheckResult.up(state) : CheckResult.down(state));
    }

    @Override
    public void close() {
        Thread running = thread;
        if (running != null) running.interrupt();
    }
}
