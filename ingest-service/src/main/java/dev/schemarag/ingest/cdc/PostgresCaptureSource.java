package dev.schemarag.ingest.cdc;

import dev.schemarag.ingest.changes.DdlEvent;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * PostgreSQL's capture: Debezium's pgoutput connector streams the inserts of {@code schemarag_cdc.ddl_events}, which
 * the event triggers {@link DdlCaptureInstaller} installs fill. A heartbeat writes to {@code schemarag_cdc.heartbeat}
 * (in the publication) so that the slot's confirmed position follows the server's WAL even when no DDL happens:
 * otherwise an idle audit table makes the target keep WAL for ever.
 */
public final class PostgresCaptureSource implements CaptureSource {
    private static final String DDL_TABLE = "schemarag_cdc.ddl_events";
    /** Keeps the table small: only the latest beats matter, and the delete is not published (inserts only). */
    static final String HEARTBEAT_QUERY = "WITH expired AS (DELETE FROM schemarag_cdc.heartbeat"
            + " WHERE beat_at < now() - interval '1 hour')"
            + " INSERT INTO schemarag_cdc.heartbeat (beat_at) VALUES (clock_timestamp()) ON CONFLICT DO NOTHING";

    private final DebeziumDdlCapture.Config config;

    public PostgresCaptureSource(DebeziumDdlCapture.Config config) {
        this.config = config;
    }

    @Override
    public Properties connectorProperties() {
        Properties p = new Properties();
        p.setProperty("connector.class", "io.debezium.connector.postgresql.PostgresConnector");
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
        return p;
    }

    @Override
    public List<DdlEvent> ddlEvents(SourceRecord record) {
        DdlEvent ddl = toDdlEvent(record);
        return ddl == null ? List.of() : List.of(ddl);
    }

    @Override
    public String describe() {
        return "slot " + config.slotName();
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
}
