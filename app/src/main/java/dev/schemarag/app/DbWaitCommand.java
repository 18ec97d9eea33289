package dev.schemarag.app;

import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.kafka.ConsumerGroups;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.core.store.Database;
import dev.schemarag.ingest.cdc.DebeziumDdlCapture;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code schemarag db wait <id>}: returns once every DDL committed on the database before the call is in the index.
 * Precisely: (1) the database's replication slot has confirmed the server's WAL position read at the call, so change
 * capture has handed every DDL committed before it to Kafka (it confirms only what Kafka acknowledged); then (2) the
 * embedding updater's consumer group has committed, on every partition of the schema-changes topic, the end offset
 * read after (1) — with exactly-once processing, a committed offset means the store writes of every change before it
 * are committed too. A change the updater dead-letters counts as handled: {@code schemarag dlq list} shows it.
 */
@Command(
        name = "wait",
        description = "Wait until every committed DDL on the database is in the index (for migration pipelines).")
final class DbWaitCommand implements Callable<Integer> {
    static final long POLL_MILLIS = 200;

    @Parameters(index = "0", description = "registered database id")
    String id;

    @Option(names = "--timeout", defaultValue = "120", description = "seconds to wait at most (exit 1 past them)")
    int timeoutSeconds;

    @Override
    public Integer call() throws Exception {
        try (Services services = Services.fromEnvironment()) {
            Optional<RegisteredDatabase> db = TargetDatabases.load(services).find(id);
            if (db.isEmpty()) {
                System.err.println("unknown database '" + id + "'");
                return DbAddCommand.USAGE;
            }
            long deadline = System.nanoTime() + timeoutSeconds * 1_000_000_000L;
            String slot = DebeziumDdlCapture.slotName(id);
            try (Database admin = new Database(
                            db.get().jdbcUrl(),
                            db.get().requireAdmin().user(),
                            db.get().requireAdmin().password());
                    Connection c = admin.open()) {
                String position = currentPosition(c);
                while (!confirmed(c, slot, position)) {
                    if (System.nanoTime() > deadline) {
                        System.err.println("timed out: change capture of " + id + " has not confirmed " + position
                                + " (slot " + slot + "); is ingest running? see schemarag doctor");
                        return DbAddCommand.FAILED;
                    }
                    Thread.sleep(POLL_MILLIS);
                }
            }
            String topic = services.topics().schemaChanges().name();
            String group = services.topics().prefix() + "embedding-updater";
            try (Admin kafka = Admin.create(services.security().clientConfig(services.bootstrapServers()))) {
                Map<TopicPartition, Long> ends = endOffsets(kafka, topic);
                while (!caughtUp(ConsumerGroups.committed(kafka, group), ends)) {
                    if (System.nanoTime() > deadline) {
                        System.err.println("timed out: the embedding updater (" + group + ") has not applied every"
                                + " change of " + topic + "; is ingest running? see schemarag doctor");
                        return DbAddCommand.FAILED;
                    }
                    Thread.sleep(POLL_MILLIS);
                }
            }
            System.out.println(id + ": every committed DDL is in the index");
            return 0;
        }
    }

    /** Whether {@code committed} reaches {@code ends} on every partition that holds records. */
    static boolean caughtUp(Map<TopicPartition, OffsetAndMetadata> committed, Map<TopicPartition, Long> ends) {
        return ends.entrySet().stream().allMatch(end -> {
            OffsetAndMetadata at = committed.get(end.getKey());
            return end.getValue() == 0 || (at != null && at.offset() >= end.getValue());
        });
    }

    private static Map<TopicPartition, Long> endOffsets(Admin kafka, String topic) throws Exception {
        Map<TopicPartition, OffsetSpec> latest =
                kafka.describeTopics(java.util.List.of(topic)).allTopicNames().get().get(topic).partitions().stream()
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
