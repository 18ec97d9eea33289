package dev.schemarag.ingest.cdc;

import java.util.Locale;
import java.util.Set;

/**
 * One event of a binlog as {@code SHOW BINLOG EVENTS} lists it, reduced to what tells event groups (transactions, and
 * a DDL statement with its GTID) apart, and where the event ends. Its text (the SQL, passwords included) is not kept.
 */
public record BinlogEvent(Kind kind, long end) {
    /** MariaDB's GTID event, MySQL's with and without a tag, and MySQL's anonymous one (GTIDs off). */
    private static final Set<String> GTID_TYPES = Set.of("gtid", "gtid_tagged", "anonymous_gtid");

    /** What the event is to an event group. */
    public enum Kind {
        /** Opens a group: a GTID event (MariaDB's and MySQL's, anonymous included) or a {@code BEGIN} query. */
        STARTS_GROUP,
        /** Closes a transaction: an XID event or a {@code COMMIT} query. */
        ENDS_GROUP,
        /** Anything else: a DDL statement, table maps, rows, checkpoints. */
        OTHER
    }

    /** An event from its {@code Event_type}, {@code Info} and {@code End_log_pos} columns. */
    public static BinlogEvent listed(String type, String info, long end) {
        String kind = type == null ? "" : type.toLowerCase(Locale.ROOT);
        String statement = info == null ? "" : info.strip();
        if (GTID_TYPES.contains(kind)) return new BinlogEvent(Kind.STARTS_GROUP, end);
        if (kind.equals("query") && statement.equalsIgnoreCase("BEGIN")) return new BinlogEvent(Kind.STARTS_GROUP, end);
        if (kind.equals("xid") || (kind.equals("query") && statement.equalsIgnoreCase("COMMIT")))
            return new BinlogEvent(Kind.ENDS_GROUP, end);
        return new BinlogEvent(Kind.OTHER, end);
    }
}
