package dev.schemarag.ingest.cdc;

import dev.schemarag.core.kafka.Failures;
import dev.schemarag.core.retry.Backoff;
import dev.schemarag.events.SchemaChanged;
import dev.schemarag.ingest.changes.DdlEvent;
import dev.schemarag.ingest.changes.SchemaChangeMapper;
import io.debezium.embedded.Connect;
import io.debezium.engine.DebeziumEngine;
import io.debezium.engine.RecordChangeEvent;
import io.debezium.engine.format.ChangeEventFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.connect.source.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adapter: a Debezium embedded engine that reads one target database's DDL through a {@link CaptureSource}
 * (PostgreSQL's audit table, or MySQL's and MariaDB's binlog) and publishes each DDL event as a {@link SchemaChanged}
 * event. A batch is marked processed only after Kafka acknowledged it, so a stop between the two replays the batch
 * (the updater is idempotent) and loses nothing: the replication slot, or the binlog position in the offsets, keeps
 * unconfirmed changes.
 * <p>
 * An engine that stops on an error (Kafka or the registry unavailable past the producer's delivery timeout, the
 * target restarting) does not come back by itself: a supervising thread builds a new one after an exponential
 * backoff, for as long as the service runs. Any batch handled resets the backoff.
 */
public final class DebeziumDdlCapture implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DebeziumDdlCapture.class);

    private static final Duration FIRST_RESTART = Duration.ofSeconds(1);

    /**
     * Where and how to capture; {@code pollIntervalMs} dominates the commit-to-Kafka latency, {@code heartbeat} is how
     * often the slot's position is advanced without DDL, {@code maxRestartBackoff} caps the wait between restarts.
     */
    public record Config(
            String databaseId,
            String host,
            int port,
            String database,
            String user,
            String password,
            Path offsetsFile,
            long pollIntervalMs,
            Duration heartbeat,
            Duration maxRestartBackoff) {
        public String slotName() {
            return DebeziumDdlCapture.slotName(databaseId);
        }
    }

    /**
     * The replication slot of a database: one per database, kept across restarts so no change is lost. The binlog
     * capture names its Debezium topics after it.
     */
    public static String slotName(String databaseId) {
        return "schemarag_" + databaseId.replaceAll("[^a-zA-Z0-9_]", "_").toLowerCase(java.util.Locale.ROOT);
    }

    private final Config config;
    private final CaptureSource source;
    private final ChangePublisher publisher;
    private final Backoff backoff;
    private final Object lock = new Object();
    private final CountDownLatch closing = new CountDownLatch(1);
    private Thread supervisor;
    private DebeziumEngine<RecordChangeEvent<SourceRecord>> engine; // guarded by lock
    private volatile CaptureStatus status;
    private volatile Throwable stoppedWith;
    private int failuresInARow; // supervisor thread only
    private volatile boolean progressed;
    private volatile boolean positioned;

    public DebeziumDdlCapture(Config config, CaptureSource source, ChangePublisher publisher) {
        this.config = config;
        this.source = source;
        this.publisher = publisher;
        this.backoff = new Backoff(FIRST_RESTART, max(FIRST_RESTART, config.maxRestartBackoff()));
        this.status = new CaptureStatus(config.databaseId(), CaptureStatus.Phase.STARTING, null, 0);
    }

    public void start() {
        supervisor = new Thread(this::superviseEngines, "schemarag-cdc-" + config.databaseId());
        supervisor.setDaemon(true);
        supervisor.start();
        log.info(
                "CDC engine for {} started ({}, poll {} ms, heartbeat {} ms)",
                config.databaseId(),
                source.describe(),
                config.pollIntervalMs(),
                config.heartbeat().toMillis());
    }

    /** The capture's current phase and last error. */
    public CaptureStatus status() {
        return status;
    }

    /**
     * Whether the engine holds a position to stream from, so that DDL committed from now on will be captured: it
     * handled a record (the first carries the position it starts from), or its offsets were stored by an earlier run.
     */
    public boolean positioned() {
        return positioned || offsetsStored();
    }

    private boolean offsetsStored() {
        try {
            return Files.size(config.offsetsFile()) > 0;
        } catch (IOException e) {
            return false; // not written yet
        }
    }

    /** Runs one engine after another until closed: an engine that stopped on an error is replaced after a backoff. */
    private void superviseEngines() {
        while (closing.getCount() > 0) {
            stoppedWith = null;
            DebeziumEngine<RecordChangeEvent<SourceRecord>> next = build();
            synchronized (lock) {
                if (closing.getCount() == 0) break;
                engine = next;
            }
            try {
                next.run(); // returns when the engine stops, on an error or on close
            } catch (RuntimeException e) {
                stoppedWith = e;
            }
            if (closing.getCount() == 0) break;
            Throwable error = stoppedWith != null ? stoppedWith : new IllegalStateException("engine stopped by itself");
            if (progressed) failuresInARow = 0; // it ran and handled changes: this is a new outage
            progressed = false;
            Duration wait = backoff.delay(++failuresInARow);
            status = new CaptureStatus(
                    config.databaseId(), CaptureStatus.Phase.RESTARTING, Failures.describe(error), status.restarts());
            log.warn(
                    "CDC engine for {} stopped: {}; restarting in {} ms",
                    config.databaseId(),
                    Failures.describe(error),
                    wait.toMillis());
            try {
                if (closing.await(wait.toMillis(), TimeUnit.MILLISECONDS)) break;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            status = new CaptureStatus(
                    config.databaseId(), CaptureStatus.Phase.STARTING, status.lastError(), status.restarts() + 1);
        }
        status = new CaptureStatus(
                config.databaseId(), CaptureStatus.Phase.STOPPED, status.lastError(), status.restarts());
    }

    private DebeziumEngine<RecordChangeEvent<SourceRecord>> build() {
        return DebeziumEngine.create(ChangeEventFormat.of(Connect.class))
                .using(properties())
                .notifying(this::handleBatch)
                .using(new DebeziumEngine.ConnectorCallback() {
                    @Override
                    public void taskStarted() {
                        status = new CaptureStatus(
                                config.databaseId(),
                                CaptureStatus.Phase.RUNNING,
                                status.lastError(),
                                status.restarts());
                    }
                })
                .using((success, message, error) -> {
                    // The completion callback is the only place an engine failure shows.
                    if (!success) stoppedWith = error != null ? error : new IllegalStateException(message);
                })
                .build();
    }

    private void handleBatch(
            List<RecordChangeEvent<SourceRecord>> batch,
            DebeziumEngine.RecordCommitter<RecordChangeEvent<SourceRecord>> committer)
            throws InterruptedException {
        positioned = true;
        for (RecordChangeEvent<SourceRecord> event : batch) {
            for (DdlEvent ddl : source.ddlEvents(event.record())) {
                SchemaChanged change = SchemaChangeMapper.toEvent(config.databaseId(), ddl);
                try {
                    publisher.publish(SchemaChangeMapper.key(config.databaseId(), ddl.schema(), ddl.table()), change);
                } catch (ExecutionException e) {
                    // Not marked processed: the engine stops and the slot re-delivers this change on restart.
                    throw new IllegalStateException(
                            "cannot publish schema change to " + publisher.topic(), e.getCause());
                }
            }
            committer.markProcessed(event);
        }
        committer.markBatchFinished();
        progressed = true;
    }

    private Properties properties() {
        Properties p = source.connectorProperties();
        p.setProperty("name", "schemarag-cdc-" + config.databaseId());
        p.setProperty("offset.storage", "org.apache.kafka.connect.storage.FileOffsetBackingStore");
        p.setProperty("offset.storage.file.filename", config.offsetsFile().toString());
        p.setProperty("offset.flush.interval.ms", "1000");
        // Kafka Connect 4.3's worker config requires it (4.1's, which Debezium 3.5.0 was built on, did not); the engine
        // never connects to it: offsets are in a file, and the binlog's schema history has settings of its own.
        p.setProperty("bootstrap.servers", "localhost:9092");
        p.setProperty("errors.max.retries", "-1");
        // Debezium's queue wakes its poll early only for a full batch: with one change a batch, a change is handed on
        // as soon as it is read, and poll.interval.ms no longer delays it there (only the idle re-checks of the log).
        p.setProperty("max.batch.size", "1");
        p.setProperty("retriable.restart.connector.wait.ms", "2000");
        return p;
    }

    /** Stops the current engine and the supervisor; waits for both, at most about 30 s. */
    @Override
    public void close() {
        closing.countDown();
        if (supervisor == null) return;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try {
            // An engine built just as close began may only start afterwards: close whichever is current until done.
            DebeziumEngine<RecordChangeEvent<SourceRecord>> closed = null;
            while (supervisor.isAlive() && System.nanoTime() < deadline) {
                DebeziumEngine<RecordChangeEvent<SourceRecord>> current;
                synchronized (lock) {
                    current = engine;
                }
                if (current != null && current != closed) {
                    closeQuietly(current);
                    closed = current;
                }
                supervisor.join(1000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (supervisor.isAlive()) log.warn("CDC engine for {} still stopping", config.databaseId());
    }

    private void closeQuietly(DebeziumEngine<RecordChangeEvent<SourceRecord>> toClose) {
        try {
            toClose.close();
        } catch (IOException | RuntimeException e) {
            log.warn("CDC engine for {} did not close cleanly: {}", config.databaseId(), e.getMessage());
        }
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
