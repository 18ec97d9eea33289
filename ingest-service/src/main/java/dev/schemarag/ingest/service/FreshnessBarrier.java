package dev.schemarag.ingest.service;

import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.kafka.ConsumerGroups;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.cdc.BinlogEvent;
import dev.schemarag.ingest.cdc.BinlogOffset;
import dev.schemarag.ingest.cdc.BinlogOffsets;
import dev.schemarag.ingest.cdc.BinlogPosition;
import dev.schemarag.ingest.cdc.DebeziumDdlCapture;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Waits until every DDL committed on a target database before the call is in the index ({@code schemarag db wait}).
 * Precisely: (1) the database's replication slot has confirmed the server's WAL position read at the call, so change
 * capture has handed every DDL committed before it to Kafka (it confirms only what Kafka acknowledged); on MySQL and
 * MariaDB, the capture's stored binlog offset has handled the binlog up to its end read at the call; then (2) the
 * embedding updater's consumer group has committed, on every partition of the schema-changes topic, the end offset
 * read after (1) — with exactly-once processing, a committed offset means the store writes of every change before it
 * are committed too. A change the updater dead-letters counts as handled.
 */
public final class FreshnessBarrier {
    private static final Duration POLL = Duration.ofMillis(200);

    /** A binlog file's name as servers write it ({@code binlog.000012}): nothing a string literal would need escaped. */
    private static final Pattern BINLOG_FILE = Pattern.compile("[A-Za-z0-9_.-]{1,255}");

    /** How the wait ended: {@link Fresh}, or which of the two steps had not caught up by the deadline. */
    public sealed interface Outcome permits Fresh, CaptureBehind, UpdaterBehind {}

    /** Every DDL committed before the call is in the index. */
    public record Fresh() implements Outcome {}

    /** Change capture had not confirmed {@code position} on its replication slot {@code slot}. */
    public record CaptureBehind(String slot, String position) implements Outcome {}

    /** The embedding updater's consumer group {@code group} had not reached the end of {@code topic}. */
    public record UpdaterBehind(String group, String topic) implements Outcome {}

    private final ServiceRuntime runtime;

    public FreshnessBarrier(ServiceRuntime runtime) {
        this.runtime = runtime;
    }

    /** Waits for both steps, {@code timeout} at most for the two together; {@code db} needs its admin login. */
    public Outcome await(RegisteredDatabase db, Duration timeout)
            throws SQLException, InterruptedException, ExecutionException, IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        Optional<CaptureBehind> capture =
                db.dialect() == SqlDialect.POSTGRESQL ? slotConfirmed(db, deadline) : binlogStored(db, deadline);
        if (capture.isPresent()) return capture.get();
        String topic = runtime.topics().schemaChanges().name();
        String group = runtime.topics().prefix() + "embedding-updater";
        try (Admin kafka = Admin.create(runtime.security().clientConfig(runtime.bootstrapServers()))) {
            Map<TopicPartition, Long> ends = endOffsets(kafka, topic);
            while (!caughtUp(ConsumerGroups.committed(kafka, group), ends)) {
                if (System.nanoTime() > deadline) return new UpdaterBehind(group, topic);
                Thread.sleep(POLL.toMillis());
            }
        }
        return new Fresh();
    }

    /** Step (1) on PostgreSQL: the replication slot confirms the WAL position read now. */
    private static Optional<CaptureBehind> slotConfirmed(RegisteredDatabase db, long deadline)
            throws SQLException, InterruptedException {
        String slot = DebeziumDdlCapture.slotName(db.id());
        try (Database admin = new Database(
                        db.jdbcUrl(),
                        db.requireAdmin().user(),
                        db.requireAdmin().password());
                Connection c = admin.open()) {
            String position = currentPosition(c);
            while (!confirmed(c, slot, position)) {
                if (System.nanoTime() > deadline) return Optional.of(new CaptureBehind(slot, position));
                Thread.sleep(POLL.toMillis());
            }
        }
        return Optional.empty();
    }

    /**
     * Step (1) on MySQL and MariaDB, which keep no replica's progress: the offset ingest stored for the database's
     * capture (after Kafka acknowledged its records) has handled the binlog up to the end read now. The offsets are a
     * file in ingest's state directory, so this runs where ingest does (the same {@code SCHEMARAG_STATE_DIR}). An
     * offset names where a restart resumes and how many events after it were handled, so the events from there are
     * listed ({@code SHOW BINLOG EVENTS}, which the admin login may run as it may {@code SHOW MASTER STATUS}).
     */
    private Optional<CaptureBehind> binlogStored(RegisteredDatabase db, long deadline)
            throws SQLException, InterruptedException, IOException {
        String slot = DebeziumDdlCapture.slotName(db.id());
        Path offsets = IngestService.captureOffsets(runtime.stateDir().resolve(IngestService.STATE_SUBDIR), db.id());
        try (Database admin = new Database(
                        db.jdbcUrl(),
                        db.requireAdmin().user(),
                        db.requireAdmin().password());
                Connection c = admin.open()) {
            BinlogPosition server = binlogEnd(c);
            while (!captureHandled(c, BinlogOffsets.stored(offsets, slot), server)) {
                if (System.nanoTime() > deadline)
                    return Optional.of(new CaptureBehind("binlog offsets " + offsets, server.toString()));
                Thread.sleep(POLL.toMillis());
            }
        }
        return Optional.empty();
    }

    /** Whether the stored offset, if any, has handled the binlog up to {@code server}. */
    private static boolean captureHandled(Connection c, Optional<BinlogOffset> stored, BinlogPosition server)
            throws SQLException {
        if (stored.isEmpty()) return false;
        BinlogOffset offset = stored.get();
        int listed = offset.eventsToList(server);
        if (listed == 0) return offset.restart().reaches(server);
        return offset.reaches(server, binlogEvents(c, offset.restart(), listed));
    }

    /** The end of the server's binlog. */
    private static BinlogPosition binlogEnd(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW MASTER STATUS")) {
            if (!rs.next()) throw new SQLException("the binary log is off: SHOW MASTER STATUS returned no row");
            return new BinlogPosition(rs.getString("File"), rs.getLong("Position"));
        }
    }

    /**
     * The first {@code limit} events from {@code from}. SHOW takes no bind parameters: the file name, read from the
     * offsets file, is checked to be a plain binlog file name before it is quoted.
     */
    private static List<BinlogEvent> binlogEvents(Connection c, BinlogPosition from, int limit) throws SQLException {
        if (!BINLOG_FILE.matcher(from.file()).matches())
            throw new SQLException("not a binlog file name in the capture's offsets: " + from.file());
        List<BinlogEvent> events = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SHOW BINLOG EVENTS IN '" + from.file() + "' FROM " + from.pos() + " LIMIT " + limit)) {
            while (rs.next())
                events.add(BinlogEvent.listed(
                        rs.getString("Event_type"), rs.getString("Info"), rs.getLong("End_log_pos")));
        }
        return events;
    }

    /** Whether {@code committed} reaches {@code ends} on every partition that holds records. */
    static boolean caughtUp(Map<TopicPartition, OffsetAndMetadata> committed, Map<TopicPartition, Long> ends) {
        return ends.entrySet().stream().allMatch(end -> {
            OffsetAndMetadata at = committed.get(end.getKey());
            return end.getValue() == 0 || (at != null && at.offset() >= end.getValue());
        });
    }

    private static Map<TopicPartition, Long> endOffsets(Admin kafka, String topic)
            throws InterruptedException, ExecutionException {
        Map<TopicPartition, OffsetSpec> latest =
                kafka.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions().stream()
                        .collect(Collectors.toMap(
                                p -> new TopicPartition(topic, p.partition()), p -> OffsetSpec.latest()));
        return kafka.listOffsets(latest).all().get().entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
    }

    private static String currentPosition(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_current_wal_lsn()::text")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static boolean confirmed(Connection c, String slot, String position) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT confirmed_flush_lsn >= ?::pg_lsn FROM pg_replication_slots WHERE slot_name = ?")) {
            ps.setString(1, position);
            ps.setString(2, slot);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }
}
