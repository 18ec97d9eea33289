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
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adapter: a Debezium embedded PostgreSQL engine (pgoutput) that streams the inserts of
 * {@code schemarag_cdc.ddl_events} and publishes each as a {@link SchemaChanged} event. A batch is marked processed
 * only after Kafka acknowledged it, so a stop between the two replays the batch (the updater is idempotent) and
 * loses nothing: the replication slot keeps unconfirmed changes.
 * <p>
 * An engine that stops on an error (Kafka or the registry unavailable past the producer's delivery timeout, the
 * target restarting) does not come back by itself: a supervising thread builds a new one after an exponential
 * backoff, for as long as the service runs. Any batch handled resets the backoff. A heartbeat writes to
 * {@code schemarag_cdc.heartbeat} (in the publication) so that the slot's confirmed position follows the server's
 * WAL even when no DDL happens: otherwise an idle audit table makes the target keep WAL for ever.
 */
public final class DebeziumDdlCapture implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DebeziumDdlCapture.class);
    private static final String DDL_TABLE = "schemarag_cdc.ddl_events";
    /** Keeps the table small: only the latest beats matter, and the delete is not published (inserts only). */
    static final String HEARTBEAT_QUERY = "WITH expired AS (DELETE FROM schemarag_cdc.heartbeat"
            + " WHERE beat_at < now() - interval '1 hour')"
            + " INSERT INTO schemarag_cdc.heartbeat (beat_at) VALUES (clock_timestamp()) ON CONFLICT DO NOTHING";

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

    /** The replication slot of a database: one per database, kept across restarts so no change is lost. */
    public static String slotName(String databaseId) {
        return "schemarag_" + databaseId.replaceAll("[^a-zA-Z0-9_]", "_").toLowerCase(java.util.Locale.ROOT);
    }

    private final Config config;
    private final Producer<String, SchemaChanged> producer;
    private final String topic;
    private final Backoff backoff;
    private final Object lock = new Object();
    private final CountDownLatch closing = new CountDownLatch(1);
    private Thread supervisor;
    private DebeziumEngine<RecordChangeEvent<SourceRecord>> engine; // guarded by lock
    private volatile CaptureStatus status;
    private volatile Throwable stoppedWith;
    private int failuresInARow; // supervisor thread only
    private volatile boolean progressed;

    public DebeziumDdlCapture(Config config, Producer<String, SchemaChanged> producer, String topic) {
        this.config = config;
        this.producer = producer;
        this.topic = topic;
        this.backoff = new Backoff(FIRST_RESTART, max(FIRST_RESTART, config.maxRestartBackoff()));
        this.status = new CaptureStatus(config.databaseId(), CaptureStatus.Phase.STARTING, null, 0);
    }

    public void start() {
        supervisor = new Thread(this::superviseEngines, "schemarag-cdc-" + config.databaseId());
        supervisor.setDaemon(true);
        supervisor.start();
        log.info(
                "CDC engine for {} started (slot {}, poll {} ms, heartbeat {} ms)",
                config.databaseId(),
                config.slotName(),
                config.pollIntervalMs(),
                config.heartbeat().toMillis());
    }

    /** The capture's current phase and last error. */
    public CaptureStatus status() {
        return status;
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
        for (RecordChangeEvent<SourceRecord> event : batch) {
            DdlEvent ddl = toDdlEvent(event.record());
            if (ddl != null) {
                SchemaChanged change = SchemaChangeMapper.toEvent(config.databaseId(), ddl);
                try {
                    producer.send(new ProducerRecord<>(
                                    topic,
                                    SchemaChangeMapper.key(config.databaseId(), ddl.schema(), ddl.table()),
                                    change))
                            .get();
                } catch (ExecutionException e) {
                    // Not marked processed: the engine stops and the slot re-delivers this change on restart.
                    throw new IllegalStateException("cannot publish schema change to " + topic, e.getCause());
                }
            }
            committer.markProcessed(event);
        }
        committer.markBatchFinished();
        progressed = true;
    }

    /** The {@code after} image of an insert into ddl_events; null for anything else (heartbeats, other ops). */
    static DdlEvent toDdlEvent(SourceRecord record) {
        if (record.topic() == null || !record.topic().endsWith("." + DDL_TABLE)) return null;
        if (!(record.value() instanceof Struct value) || value.schema().field("after") == null) return null;
        Struct after = value.getStruct("after");
        if (after == null || !"c".equals(value.getString("op"))) return null;
        Struct source = value.getStruct("source");
        Object lsn = source.get("lsn");
        return new DdlEvent(
                after.getInt64("id"),
                after.getString("command_tag"),
                after.getString("object_type"),
                after.getString("schema_name"),
                after.getString("table_name"),
                after.getString("column_name"),
                after.getString("previous_table"),
                after.getString("comment_text"),
                lsn == null ? "" : lsn.toString(),
                source.getInt64("ts_ms"));
    }

    private Properties properties() {
        Properties p = new Properties();
        p.setProperty("name", "schemarag-cdc-" + config.databaseId());
        p.setProperty("connector.class", "io.debezium.connector.postgresql.PostgresConnector");
        p.setProperty("offset.storage", "org.apache.kafka.connect.storage.FileOffsetBackingStore");
        p.setProperty("offset.storage.file.filename", config.offsetsFile().toString());
        p.setProperty("offset.flush.interval.ms", "1000");
        p.setProperty("database.hostname", config.host());
        p.setProperty("database.port", Integer.toString(config.port()));
        p.setProperty("database.user", config.user());
        p.setProperty("database.password", config.password() == null ? "" : config.password());
        p.setProperty("database.dbname", config.database());
        p.setProperty("topic.prefix", config.slotName());
        p.setProperty("plugin.name", "pgoutput");
        p.setProperty("slot.name", config.slotName());
        p.setProperty("publication.name", DdlCaptureInstaller.PUBLICATION);
        p.setProperty("publication.autocreate.mode", "disabled");
        // The heartbeat table is captured too: its rows move the slot's position; toDdlEvent ignores them.
        p.setProperty("table.include.list", DDL_TABLE + "," + DdlCaptureInstaller.HEARTBEAT_TABLE);
        p.setProperty("heartbeat.interval.ms", Long.toString(config.heartbeat().toMillis()));
        p.setProperty("heartbeat.action.query", HEARTBEAT_QUERY);
        p.setProperty("snapshot.mode", "no_data");
        p.setProperty("poll.interval.ms", Long.toString(config.pollIntervalMs()));
        p.setProperty("status.update.interval.ms", "1000");
        p.setProperty("errors.max.retries", "-1");
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
