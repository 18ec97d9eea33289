package dev.schemarag.ingest.cdc;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.ingest.changes.BinlogDdl;
import dev.schemarag.ingest.changes.DdlEvent;
import io.debezium.relational.TableId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * MySQL's and MariaDB's capture: Debezium's binlog connector (MariaDB's own for MariaDB, MySQL's for MySQL) reads the
 * server's binlog as a replica would, and reports each DDL statement on the registered databases as a schema change
 * event with the tables it touched. Only those matter here: row events are skipped ({@code skipped.operations}), though
 * the server still sends them and the connector still reads them. Debezium keeps the schema it parses DDL against in
 * a schema history topic of its own; a snapshot of the structure taken at the first start (no rows) seeds it and is
 * not published, since a full sync reconciles what happened before capture began.
 */
public final class BinlogCaptureSource implements CaptureSource {
    /** Debezium's binlog client joins the server as a replica: its server id must differ from every other replica's. */
    static final int SERVER_ID_BASE = 184_000_000;

    private static final int SERVER_ID_RANGE = 1_000_000;

    /** The binlog client reconnects when nothing arrived for a keep-alive interval: not so short a pause trips it. */
    private static final Duration MIN_KEEP_ALIVE = Duration.ofSeconds(10);

    private final DebeziumDdlCapture.Config config;
    private final SqlDialect dialect;
    private final List<String> databases;
    private final String historyTopic;
    private final Map<String, Object> kafkaClient;

    /**
     * @param databases the MySQL databases (schemas) to capture DDL of
     * @param historyTopic the Kafka topic Debezium keeps its schema history in (it creates it: one partition, kept)
     * @param kafkaClient the bootstrap servers and security settings of the history topic's producer and consumer
     */
    public BinlogCaptureSource(
            DebeziumDdlCapture.Config config,
            SqlDialect dialect,
            List<String> databases,
            String historyTopic,
            Map<String, Object> kafkaClient) {
        if (dialect == SqlDialect.POSTGRESQL) throw new IllegalArgumentException("PostgreSQL has no binlog");
        if (databases.isEmpty()) throw new IllegalArgumentException("no database to capture");
        this.config = config;
        this.dialect = dialect;
        this.databases = List.copyOf(databases);
        this.historyTopic = historyTopic;
        this.kafkaClient = Map.copyOf(kafkaClient);
    }

    /**
     * The topic Debezium keeps a database's schema history in, named like the project's other topics: under the topic
     * prefix, with the database id made a valid topic name.
     */
    public static String historyTopic(String topicPrefix, String databaseId) {
        return topicPrefix + "cdc-history." + databaseId.replaceAll("[^a-zA-Z0-9._-]", "_");
    }

    /** The replica server id of a registered database: stable across restarts, spread over a range of its own. */
    public static int serverId(String databaseId) {
        return SERVER_ID_BASE + Math.floorMod(databaseId.hashCode(), SERVER_ID_RANGE);
    }

    @Override
    public Properties connectorProperties() {
        Properties p = new Properties();
        p.setProperty(
                "connector.class",
                dialect == SqlDialect.MARIADB
                        ? "io.debezium.connector.mariadb.MariaDbConnector"
                        : "io.debezium.connector.mysql.MySqlConnector");
        p.setProperty("database.hostname", config.host());
        p.setProperty("database.port", Integer.toString(config.port()));
        p.setProperty("database.user", config.user());
        p.setProperty("database.password", config.password() == null ? "" : config.password());
        p.setProperty("database.server.id", Integer.toString(serverId(config.databaseId())));
        p.setProperty("topic.prefix", config.slotName());
        // The include list holds regular expressions: the names are matched literally.
        p.setProperty(
                "database.include.list",
                databases.stream().map(BinlogCaptureSource::literal).collect(Collectors.joining(",")));
        p.setProperty("include.schema.changes", "true");
        p.setProperty("skipped.operations", "c,u,d,t");
        p.setProperty("snapshot.mode", "no_data");
        p.setProperty("schema.history.internal", "io.debezium.storage.kafka.history.KafkaSchemaHistory");
        p.setProperty("schema.history.internal.kafka.topic", historyTopic);
        p.setProperty(
                "schema.history.internal.kafka.bootstrap.servers",
                String.valueOf(kafkaClient.get("bootstrap.servers")));
        kafkaClient.forEach((key, value) -> {
            p.setProperty("schema.history.internal.producer." + key, String.valueOf(value));
            p.setProperty("schema.history.internal.consumer." + key, String.valueOf(value));
        });
        p.setProperty("schema.history.internal.store.only.captured.databases.ddl", "true");
        // Heartbeats move the stored binlog position while no DDL happens, so a restart does not start from a file
        // the server has purged meanwhile.
        p.setProperty("heartbeat.interval.ms", Long.toString(config.heartbeat().toMillis()));
        // A heartbeat record is only emitted when an event arrives, and an idle server sends one (a replica heartbeat)
        // every 0.8 keep-alive intervals: Debezium's default of a minute would keep a DDL's offset, which counts the
        // events before it only, from being followed by one that counts the DDL too (what db wait waits for).
        p.setProperty(
                "connect.keep.alive.interval.ms",
                Long.toString(Math.max(config.heartbeat().toMillis(), MIN_KEEP_ALIVE.toMillis())));
        p.setProperty("poll.interval.ms", Long.toString(config.pollIntervalMs()));
        return p;
    }

    /** A database name as a regular expression that matches it alone; a comma would split Debezium's list. */
    private static String literal(String database) {
        if (database.indexOf(',') >= 0)
            throw new IllegalArgumentException("cannot capture a database whose name holds a comma: " + database);
        return Pattern.quote(database);
    }

    @Override
    public List<DdlEvent> ddlEvents(SourceRecord record) {
        return toDdlEvents(record, Set.copyOf(databases));
    }

    @Override
    public String describe() {
        return "binlog as replica " + serverId(config.databaseId());
    }

    /**
     * The tables a streamed schema change event names, of the captured databases; nothing for heartbeats, for the
     * start's structure snapshot, and for statements that touch no table (CREATE DATABASE, GRANT).
     */
    static List<DdlEvent> toDdlEvents(SourceRecord record, Set<String> databases) {
        if (!(record.value() instanceof Struct value)) return List.of();
        if (value.schema().field("ddl") == null
                || value.schema().field("tableChanges") == null
                || value.schema().field("source") == null) return List.of();
        Struct source = value.getStruct("source");
        if (source.schema().field("snapshot") != null) {
            Object snapshot = source.get("snapshot");
            if (snapshot != null && !"false".equals(snapshot.toString())) return List.of();
        }
        String defaultDatabase = value.getString("databaseName");
        List<BinlogDdl.TableChange> changes = new ArrayList<>();
        for (Object element : value.getArray("tableChanges")) {
            Struct change = (Struct) element;
            TableId id = TableId.parse(change.getString("id"));
            String database = id.catalog() != null ? id.catalog() : id.schema();
            if (database == null || !databases.contains(database)) continue;
            BinlogDdl.Type type = type(change.getString("type"));
            if (type != null) changes.add(new BinlogDdl.TableChange(type, database, id.table()));
        }
        String gtid = field(source, "gtid");
        String file = field(source, "file");
        Object pos = source.schema().field("pos") == null ? null : source.get("pos");
        long sequence = pos instanceof Number n ? n.longValue() : 0L;
        String position = gtid != null ? gtid : file + ":" + sequence;
        return BinlogDdl.toEvents(
                value.getString("ddl"), defaultDatabase, changes, position, sequence, source.getInt64("ts_ms"));
    }

    private static BinlogDdl.Type type(String name) {
        for (BinlogDdl.Type type : BinlogDdl.Type.values()) if (type.name().equals(name)) return type;
        return null;
    }

    private static String field(Struct struct, String name) {
        return struct.schema().field(name) == null ? null : struct.getString(name);
    }
}
