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
    @TempDir
    Path dir;

    @Test
    void mariaDbPositionsCompareByTheSequenceOfEveryDomainTheServerWroteTo() {
        BinlogPosition server = BinlogPosition.of("binlog.000001", 9_000, "0-1-126,1-2-7");

        assertThat(BinlogPosition.of("binlog.000001", 100, "0-1-126,1-2-7").reaches(server))
                .isTrue();
        assertThat(BinlogPosition.of("binlog.000001", 100, "1-2-8,0-1-127").reaches(server))
                .isTrue();
        assertThat(BinlogPosition.of("binlog.000001", 100, "0-1-125,1-2-7").reaches(server))
                .isFalse();
        assertThat(BinlogPosition.of("binlog.000001", 100, "0-1-126").reaches(server))
                .isFalse();
    }

    @Test
    void withoutMariaDbGtidsTheFileNumberThenThePositionDecide() {
        BinlogPosition server = BinlogPosition.of("binlog.000009", 500, null);

        assertThat(BinlogPosition.of("binlog.000009", 500, null).reaches(server))
                .isTrue();
        assertThat(BinlogPosition.of("binlog.000010", 4, null).reaches(server)).isTrue();
        assertThat(BinlogPosition.of("binlog.000009", 499, null).reaches(server))
                .isFalse();
        assertThat(BinlogPosition.of("binlog.000008", 9_999, null).reaches(server))
                .isFalse();
        // MySQL's GTID sets are not MariaDB's: the file and position still decide.
        assertThat(BinlogPosition.of("binlog.000009", 10, "3E11FA47-71CA-11E1-9E33-C80AA9429562:1-5")
                        .reaches(server))
                .isFalse();
    }

    @Test
    void aDebeziumOffsetIsReadFromItsJsonAndAnythingElseIsNone() {
        assertThat(BinlogPosition.ofOffset("{\"ts_sec\":1795827109,\"file\":\"binlog.000001\",\"pos\":290661,"
                        + "\"gtids\":\"0-1-126\",\"server_id\":1,\"event\":1}"))
                .contains(new BinlogPosition("binlog.000001", 290_661, Map.of(0L, 126L)));
        assertThat(BinlogPosition.ofOffset("{\"lsn\":12}")).isEmpty();
        assertThat(BinlogPosition.ofOffset("not json")).isEmpty();
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
                bytes("{\"file\":\"binlog.000002\",\"pos\":77,\"gtids\":\"0-1-5\"}"));
        write(file, offsets);

        assertThat(BinlogOffsets.stored(file, "schemarag_erp"))
                .contains(BinlogPosition.of("binlog.000002", 77, "0-1-5"));
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
