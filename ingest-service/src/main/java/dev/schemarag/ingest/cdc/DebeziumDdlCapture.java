package dev.schemarag.ingest.cdc;

import dev.schemarag.events.SchemaChanged;
import io.debezium.embedded.Connect;
import io.debezium.engine.DebeziumEngine;
import io.debezium.engine.RecordChangeEvent;
import io.debezium.engine.format.ChangeEventFormat;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
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
 */
public final class DebeziumDdlCapture implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DebeziumDdlCapture.class);

    /** Where and how to capture; {@code pollIntervalMs} dominates the commit-to-Kafka latency. */
    public record Config(
            String databaseId,
            String host,
            int port,
            String database,
            String user,
            String password,
            Path offsetsFile,
            long pollIntervalMs) {
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
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> new Thread(r, "schemarag-cdc"));
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private DebeziumEngine<RecordChangeEvent<SourceRecord>> engine;

    public DebeziumDdlCapture(Config config, Producer<String, SchemaChanged> producer, String topic) {
        this.config = config;
        this.producer = producer;
        this.topic = topic;
    }

    public void start() {
        engine = DebeziumEngine.create(ChangeEventFormat.of(Connect.class))
                .using(properties())
                .notifying(this::handleBatch)
                .using((success, message, error) -> {
                    // The completion callback is the only place an engine failure shows: keep it for health checks.
                    if (!success) {
                        failure.set(error != null ? error : new IllegalStateException(message));
                        log.error("CDC engine for {} stopped: {}", config.databaseId(), message, error);
                    } else {
                        log.info("CDC engine for {} stopped: {}", config.databaseId(), message);
                    }
                })
                .build();
        executor.execute(engine);
        log.info(
                "CDC engine for {} started (slot {}, poll {} ms)",
                config.databaseId(),
                config.slotName(),
                config.pollIntervalMs());
    }

    /** Non-null once the engine stopped on an error. */
    public Throwable failure() {
        return failure.get();
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
    }

    /** The {@code after} image of an insert into ddl_events; null for anything else (heartbeats, other ops). */
    static DdlEvent toDdlEvent(SourceRecord record) {
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
        p.setProperty("table.include.list", "schemarag_cdc.ddl_events");
        p.setProperty("snapshot.mode", "no_data");
        p.setProperty("poll.interval.ms", Long.toString(config.pollIntervalMs()));
        p.setProperty("status.update.interval.ms", "1000");
        p.setProperty("errors.max.retries", "-1");
        p.setProperty("retriable.restart.connector.wait.ms", "2000");
        return p;
    }

    @Override
    public void close() {
        try {
            if (engine != null) engine.close();
        } catch (java.io.IOException e) {
            log.warn("CDC engine for {} did not close cleanly: {}", config.databaseId(), e.getMessage());
        }
        executor.shutdown();
        try {
            if (!executor.awaitTermination(30, TimeUnit.SECONDS))
                log.warn("CDC engine for {} still stopping", config.databaseId());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
