package dev.schemarag.ingest.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * A binlog capture's stored offset, as Debezium's binlog connectors write it: where a restart resumes ({@code file},
 * {@code pos}: the start of the event group in progress, or the end of the last one) and how many events after it the
 * connector had completely handled ({@code event}) when the record carrying the offset was emitted. A DDL statement's
 * own record is emitted while its event is handled, so it counts the events before it only; the next record
 * (heartbeats included) counts it too. The GTID set and the {@code row} count are not needed: the group in progress
 * starts at {@code pos}, and rows are not DDL.
 */
public record BinlogOffset(BinlogPosition restart, long eventsHandled) {
    /** At most this many events are listed to place an offset; a longer count is treated as this many (earlier). */
    static final int MAX_LISTED = 1_000;

    /** The offset in a Debezium binlog offset's JSON value; empty if it is not one. */
    public static Optional<BinlogOffset> ofJson(String json) {
        try {
            JsonNode offset = new ObjectMapper().readTree(json);
            if (offset == null
                    || !offset.path("file").isTextual()
                    || !offset.path("pos").canConvertToLong()) return Optional.empty();
            long events = offset.path("event").canConvertToLong()
                    ? offset.get("event").asLong()
                    : 0;
            long pos = offset.get("pos").asLong();
            if (pos < 0 || events < 0) return Optional.empty();
            return Optional.of(
                    new BinlogOffset(new BinlogPosition(offset.get("file").asText(), pos), events));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * How many events from {@link #restart} must be listed to tell whether this offset reaches {@code server}; 0 when
     * the positions alone decide (the restart position reaches it, lies in an earlier file, or nothing after it was
     * handled).
     */
    public int eventsToList(BinlogPosition server) {
        if (eventsHandled == 0 || restart.reaches(server) || !restart.sameFile(server)) return 0;
        return (int) Math.min(eventsHandled, MAX_LISTED);
    }

    /**
     * Whether capture has handed every DDL before {@code server} to Kafka: the end of what it handled, given the
     * events listed from {@link #restart} ({@link #eventsToList} of them), reaches it.
     */
    public boolean reaches(BinlogPosition server, List<BinlogEvent> fromRestart) {
        return handledThrough(fromRestart).reaches(server);
    }

    /**
     * The end of the handled events. Their count also includes what the server sends a replica outside its binlog
     * (heartbeats while idle) once a DDL's group, which has no closing event, is handled: so only the events of the
     * group at {@link #restart} count, up to the next group's start or the group's closing event.
     */
    BinlogPosition handledThrough(List<BinlogEvent> fromRestart) {
        long end = restart.pos();
        long counted = 0;
        for (BinlogEvent event : fromRestart) {
            if (counted == eventsHandled || (counted > 0 && event.kind() == BinlogEvent.Kind.STARTS_GROUP)) break;
            end = event.end();
            counted++;
            if (event.kind() == BinlogEvent.Kind.ENDS_GROUP) break;
        }
        return new BinlogPosition(restart.file(), end);
    }
}
