package dev.schemarag.retrieval.kafka;

import dev.schemarag.core.admin.CheckResult;
import dev.schemarag.core.admin.ReadinessCheck;
import dev.schemarag.retrieval.SchemaRetriever;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads every stored catalog when the service starts, on a thread of its own so the stream client can join its group
 * meanwhile, then warms the way of a record through the service; retried while the store or the registry cannot be
 * reached. The service is not ready until it is done: a first question must not pay for a load or a first call.
 */
final class CatalogWarmUp implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(CatalogWarmUp.class);
    private static final Duration RETRY = Duration.ofSeconds(2);

    private final SchemaRetriever retriever;
    private volatile Thread thread;
    private volatile Consumer<List<String>> records;
    private volatile String state = "not started";
    private volatile boolean done;

    CatalogWarmUp(SchemaRetriever retriever) {
        this.retriever = retriever;
    }

    /**
     * @param records takes the loaded databases' ids once their catalogs are loaded: the first questions' way through
     *     the service besides retrieval itself, warmed before the service is ready
     */
    synchronized void start(Consumer<List<String>> records) {
        if (thread != null) return;
        this.records = records;
        state = "loading";
        Thread warmUp = new Thread(this::run, "catalog-warm-up");
        warmUp.setDaemon(true);
        thread = warmUp;
        warmUp.start();
    }

    private void run() {
        while (!Thread.currentThread().isInterrupted()) {
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
            try {
                Thread.sleep(RETRY.toMillis());
            } catch (InterruptedException e) {
                return;
            }
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
