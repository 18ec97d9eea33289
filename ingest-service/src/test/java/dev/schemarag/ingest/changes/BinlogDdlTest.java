package dev.schemarag.ingest.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.events.ChangeKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MySQL and MariaDB statements, as the binlog holds them, to the events the embedding updater applies. */
class BinlogDdlTest {
    private static List<DdlEvent> events(String ddl, BinlogDdl.TableChange... changes) {
        return BinlogDdl.toEvents(ddl, "erp", List.of(changes), "0-1-42", 2159, 1_700_000_000_000L);
    }

    private static BinlogDdl.TableChange alter(String table) {
        return new BinlogDdl.TableChange(BinlogDdl.Type.ALTER, "erp", table);
    }

    private static ChangeKind kind(DdlEvent event) {
        return SchemaChangeMapper.kindOf(event);
    }

    @Test
    void aCommentChangeIsAnAlterationOfItsTable() {
        DdlEvent event = events("ALTER TABLE employees COMMENT 'Staff, current and past'", alter("employees"))
                .get(0);

        assertThat(event)
                .isEqualTo(new DdlEvent(
                        2159,
                        "ALTER TABLE",
                        "table",
                        "erp",
                        "employees",
                        null,
                        null,
                        null,
                        "0-1-42",
                        1_700_000_000_000L));
        assertThat(kind(event)).isEqualTo(ChangeKind.ALTER_TABLE);
    }

    @Test
    void createAndDropNameTheirTable() {
        assertThat(kind(events("CREATE TABLE t2 (x int)", new BinlogDdl.TableChange(BinlogDdl.Type.CREATE, "erp", "t2"))
                        .get(0)))
                .isEqualTo(ChangeKind.CREATE_TABLE);
        assertThat(kind(events("DROP TABLE `erp`.`t2`", new BinlogDdl.TableChange(BinlogDdl.Type.DROP, "erp", "t2"))
                        .get(0)))
                .isEqualTo(ChangeKind.DROP_TABLE);
    }

    @Test
    void renameTableCarriesEachOldNameQualified() {
        List<DdlEvent> renamed = events(
                "RENAME TABLE staff TO employees_old, `erp`.`new staff` WAIT 5 TO erp.staff",
                alter("employees_old"),
                alter("staff"));

        assertThat(renamed).extracting(DdlEvent::previousTable).containsExactly("erp.staff", "erp.new staff");
        assertThat(renamed).extracting(BinlogDdlTest::kind).containsOnly(ChangeKind.RENAME_TABLE);
    }

    @Test
    void alterTableRenameNamesTheAlteredTableAsTheOldOne() {
        DdlEvent event = events("alter table `t``0` add column c int, rename to t3", alter("t3"))
                .get(0);

        assertThat(event.previousTable()).isEqualTo("erp.t`0");
        assertThat(kind(event)).isEqualTo(ChangeKind.RENAME_TABLE);
    }

    @Test
    void anAlterationOfTheTableItNamesIsNoRename() {
        assertThat(events("ALTER TABLE erp.t0 ADD COLUMN name varchar(20) COMMENT 'rename to t9'", alter("t0"))
                        .get(0)
                        .previousTable())
                .isNull();
    }

    @Test
    void aRenameNotReadToItsEndRenamesNothing() {
        assertThat(events("RENAME TABLE a TO b, /* hidden */ c TO d", alter("b"), alter("d")))
                .extracting(DdlEvent::previousTable)
                .containsOnlyNulls();
    }

    @Test
    void aStatementThatTouchesNoTableIsNoEvent() {
        assertThat(events("CREATE DATABASE erp2")).isEmpty();
        assertThat(events(null)).isEmpty();
    }
}
