package dev.schemarag.ingest.cdc;

import dev.schemarag.ingest.changes.DdlEvent;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * What differs between the servers change capture reads: the Debezium connector and its settings, and how one of its
 * records becomes DDL events. {@link DebeziumDdlCapture} runs, supervises and publishes for every source alike.
 */
public interface CaptureSource {
    /** The connector's own settings (connection, filters, snapshot, heartbeat); offsets and retries are the engine's. */
    Properties connectorProperties();

    /** The DDL commands a record carries, in order; empty for heartbeats and anything that is no DDL. */
    List<DdlEvent> ddlEvents(SourceRecord record);

    /** Where the source reads from, for logs: a replication slot, a binlog client's server id. */
    String describe();
}
