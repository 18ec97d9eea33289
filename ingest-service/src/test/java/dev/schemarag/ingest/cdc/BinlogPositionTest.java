package dev.schemarag.ingest.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BinlogPositionTest {
    /**
     * MariaDB's binlog after {@code ALTER TABLE … ADD COLUMN} and an insert, as SHOW BINLOG EVENTS lists it from the
     * DDL's GTID event at 585 (the server's end is 951).
     */
    private static final List<BinlogEvent> FROM_DDL = List.of(
            BinlogEvent.listed("Gtid", "GTID 0-1-3", 627),
            BinlogEvent.listed("Query", "ALTER TABLE t.a ADD COLUMN y int COMMENT 'c'", 743),
            BinlogEvent.listed("Gtid", "BEGIN GTID 0-1-4", 785),
            BinlogEvent.listed("Annotate_rows", "INSERT INTO t.a VALUES (1,2)", 836),
            BinlogEvent.listed("Table_map", "table_id: 19 (t.a)", 878),
            BinlogEvent.listed("Write_rows_v1", "table_id: 19 flags: STMT_END_F", 920),
            BinlogEvent.listed("Xid", "COMMIT /* xid=4 */", 951));

    private static final BinlogPosition AFTER_DDL = new BinlogPosition("binlog.000001", 743);

    @TempDir
    Path dir;

    @Test
    void positionsCompareByFileNumberThenPosition() {
        BinlogPosition server = new BinlogPosition("binlog.000009", 500);

        assertThat(new BinlogPosition("binlog.000009", 500).reaches(server)).isTrue();
        assertThat(new BinlogPosition("binlog.000010", 4).reaches(server)).isTrue();
        assertThat(new BinlogPosition("binlog.000009", 499).reaches(server)).isFalse();
        assertThat(new BinlogPosition("binlog.000008", 9_999).reaches(server)).isFalse();
        assertThat(new BinlogPosition("binlog", 9_999).reaches(server))
                .as("a name without a number is behind")
                .isFalse();
    }

    /** The record of the DDL itself counts the GTID event before it only: the DDL is not yet known handled. */
    @Test
    void anOffsetAtTheStartOfADdlsGroupReachesTheEndOfTheEventsItCounts() {
        BinlogOffset ddlRecord = new BinlogOffset(new BinlogPosition("binlog.000001", 585), 1);
        BinlogOffset next = new BinlogOffset(new BinlogPosition("binlog.000001", 585), 2);

        assertThat(ddlRecord.eventsToList(AFTER_DDL)).isEqualTo(1);
        assertThat(ddlRecord.reaches(AFTER_DDL, FROM_DDL.subList(0, 1))).isFalse();
        assertThat(next.eventsToList(AFTER_DDL)).isEqualTo(2);
        assertThat(next.reaches(AFTER_DDL, FROM_DDL.subList(0, 2))).isTrue();
    }

    /**
     * A DDL's group has no closing event, so the count goes on with heartbeats the server sends while idle; events
     * written later, of the next group, are not counted though the count would cover them.
     */
    @Test
    void theCountStopsAtTheNextGroupWhateverElseItIncludes() {
        BinlogOffset afterHeartbeats = new BinlogOffset(new BinlogPosition("binlog.000001", 585), 6);
        BinlogPosition serverEnd = new BinlogPosition("binlog.000001", 951);

        assertThat(afterHeartbeats.handledThrough(FROM_DDL.subList(0, 6))).isEqualTo(AFTER_DDL);
        assertThat(afterHeartbeats.reaches(AFTER_DDL, FROM_DDL.subList(0, 6))).isTrue();
        assertThat(afterHeartbeats.reaches(serverEnd, FROM_DDL.subList(0, 6))).isFalse();
    }

    /** Within a transaction the count ends at its XID or COMMIT; after it the restart position moves on by itself. */
    @Test
    void aTransactionEndsAtItsCommit() {
        List<BinlogEvent> transaction = List.of(
                BinlogEvent.listed("Query", "BEGIN", 100),
                BinlogEvent.listed("Table_map", "t", 150),
                BinlogEvent.listed("Write_rows", "t", 200),
                BinlogEvent.listed("Query", "COMMIT", 240),
                BinlogEvent.listed("Anonymous_Gtid", "SET @@SESSION.GTID_NEXT= 'ANONYMOUS'", 300),
                BinlogEvent.listed("Query", "CREATE TABLE x (a int)", 400));
        BinlogOffset midway = new BinlogOffset(new BinlogPosition("mysql-bin.000002", 40), 2);
        BinlogOffset overcounted = new BinlogOffset(new BinlogPosition("mysql-bin.000002", 40), 9);

        assertThat(midway.handledThrough(transaction)).isEqualTo(new BinlogPosition("mysql-bin.000002", 150));
        assertThat(overcounted.handledThrough(transaction)).isEqualTo(new BinlogPosition("mysql-bin.000002", 240));
    }

    @Test
    void thePositionsAloneDecideWhenNoEventAfterTheRestartCountsOrTheFilesDiffer() {
        BinlogPosition server = new BinlogPosition("binlog.000003", 900);

        assertThat(new BinlogOffset(new BinlogPosition("binlog.000003", 900), 0).eventsToList(server))
                .isZero();
        assertThat(new BinlogOffset(new BinlogPosition("binlog.000003", 400), 0).eventsToList(server))
                .isZero();
        assertThat(new BinlogOffset(new BinlogPosition("binlog.000002", 400), 5).eventsToList(server))
                .as("an earlier file: behind whatever it counts")
                .isZero();
        assertThat(new BinlogOffset(new BinlogPosition("binlog.000004", 4), 2).eventsToList(server))
                .isZero();
        assertThat(new BinlogOffset(new BinlogPosition("binlog.000003", 400), 50_000).eventsToList(server))
                .isEqualTo(BinlogOffset.MAX_LISTED);
    }

    @Test
    void gtidListsAndPreviousGtidsOpenNoGroup() {
        assertThat(BinlogEvent.listed("Gtid_list", "[0-1-3]", 1).kind()).isEqualTo(BinlogEvent.Kind.OTHER);
        assertThat(BinlogEvent.listed("Previous_gtids", "", 1).kind()).isEqualTo(BinlogEvent.Kind.OTHER);
        assertThat(BinlogEvent.listed("Gtid", "GTID 0-1-3", 1).kind()).isEqualTo(BinlogEvent.Kind.STARTS_GROUP);
        assertThat(BinlogEvent.listed("Xid", "COMMIT /* xid=4 */", 1).kind()).isEqualTo(BinlogEvent.Kind.ENDS_GROUP);
    }

    @Test
    void aDebeziumOffsetIsReadFromItsJsonAndAnythingElseIsNone() {
        assertThat(BinlogOffset.ofJson("{\"ts_sec\":1795827109,\"file\":\"binlog.000001\",\"pos\":290661,"
                        + "\"gtids\":\"0-1-126\",\"server_id\":1,\"event\":1}"))
                .contains(new BinlogOffset(new BinlogPosition("binlog.000001", 290_661), 1));
        assertThat(BinlogOffset.ofJson("{\"file\":\"binlog.000001\",\"pos\":4}"))
                .contains(new BinlogOffset(new BinlogPosition("binlog.000001", 4), 0));
        assertThat(BinlogOffset.ofJson("{\"file\":\"binlog.000001\",\"pos\":-4}"))
                .isEmpty();
        assertThat(BinlogOffset.ofJson("{\"lsn\":12}")).isEmpty();
        assertThat(BinlogOffset.ofJson("not json")).isEmpty();
        assertThat(BinlogOffset.ofJson("")).isEmpty();
    }

    @Test
    void theOffsetsFileYieldsTheEntryOfTheDatabasesConnector() throws IOException {
        Path file = dir.resolve("cdc-offsets-erp.dat");
        Map<byte[], byte[]> offsets = new HashMap<>();
        offsets.put(
                bytes("[\"schemarag-cdc-other\",{\"server\":\"schemarag_other\"}]"),
                bytes("{\"file\":\"b.1\",\"pos\":1}"));
        offsets.put(
                bytes("[\"schemarag-cdc-erp\",{\"server\":\"schemarag_erp\"}]"),
                bytes("{\"file\":\"binlog.000002\",\"pos\":77,\"gtids\":\"0-1-5\",\"event\":2}"));
        write(file, offsets);

        assertThat(BinlogOffsets.stored(file, "schemarag_erp"))
                .contains(new BinlogOffset(new BinlogPosition("binlog.000002", 77), 2));
        assertThat(BinlogOffsets.stored(file, "schemarag_none")).isEmpty();
        assertThat(BinlogOffsets.stored(dir.resolve("missing.dat"), "schemarag_erp"))
                .isEmpty();
    }

    /** A serialized object other than a map of byte arrays is refused, not instantiated. */
    @Test
    void anythingButAMapOfBytesIsRefused() throws IOException {
        Path file = dir.resolve("hostile.dat");
        Map<Object, Object> hostile = new HashMap<>();
        hostile.put(new Payload(), List.of("x"));
        write(file, hostile);

        Assertions.assertThatThrownBy(() -> BinlogOffsets.stored(file, "schemarag_erp"))
                .isInstanceOf(IOException.class);
    }

    static final class Payload implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static void write(Path file, Object map) throws IOException {
        try (OutputStream out = Files.newOutputStream(file);
                ObjectOutputStream objects = new ObjectOutputStream(out)) {
            objects.writeObject(map);
        }
    }
}
