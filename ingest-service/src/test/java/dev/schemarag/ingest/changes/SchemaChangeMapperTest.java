package dev.schemarag.ingest.changes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.events.ChangeKind;
import dev.schemarag.events.SchemaChanged;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaChangeMapperTest {
    private static DdlEvent ddl(String tag, String objectType, String column, String previous, String comment) {
        return new DdlEvent(
                1, tag, objectType, "public", "employees", column, previous, comment, "0/16B3748", 1_700_000_000_000L);
    }

    @Test
    void commentOnAColumnIsACommentColumnChangeCarryingTheText() {
        SchemaChanged e =
                SchemaChangeMapper.toEvent("erp", ddl("COMMENT", "table column", "first_name", null, "Given name"));
        assertThat(e.getChangeKind()).isEqualTo(ChangeKind.COMMENT_COLUMN);
        assertThat(e.getColumn()).isEqualTo("first_name");
        assertThat(e.getCommentText()).isEqualTo("Given name");
        assertThat(e.getSourcePosition()).isEqualTo("0/16B3748");
    }

    @Test
    void commentOnATableIsACommentTableChange() {
        assertThat(SchemaChangeMapper.kindOf(ddl("COMMENT", "table", null, null, "Staff")))
                .isEqualTo(ChangeKind.COMMENT_TABLE);
    }

    @Test
    void anAlterWithAPreviousNameIsARename() {
        assertThat(SchemaChangeMapper.kindOf(ddl("ALTER TABLE", "table", null, "public.staff", null)))
                .isEqualTo(ChangeKind.RENAME_TABLE);
        assertThat(SchemaChangeMapper.kindOf(ddl("ALTER TABLE", "table", null, null, null)))
                .isEqualTo(ChangeKind.ALTER_TABLE);
    }

    @Test
    void createAndDropMapToTheirKinds() {
        assertThat(SchemaChangeMapper.kindOf(ddl("CREATE TABLE", "table", null, null, null)))
                .isEqualTo(ChangeKind.CREATE_TABLE);
        assertThat(SchemaChangeMapper.kindOf(ddl("DROP TABLE", "table", null, null, null)))
                .isEqualTo(ChangeKind.DROP_TABLE);
    }

    @Test
    void privilegeAndPolicyCommandsChangeNoTable() {
        for (String tag : List.of("GRANT", "REVOKE", "ALTER DEFAULT PRIVILEGES", "CREATE POLICY", "DROP POLICY")) {
            assertThat(SchemaChangeMapper.kindOf(ddl(tag, "policy", null, null, null)))
                    .as(tag)
                    .isEqualTo(ChangeKind.OTHER);
            assertThat(SchemaChangeMapper.changesAccess(tag)).as(tag).isTrue();
        }
        assertThat(SchemaChangeMapper.changesAccess("ALTER TABLE")).isFalse();
    }

    @Test
    void theKeyKeepsOneTablesChangesOnOnePartition() {
        assertThat(SchemaChangeMapper.key("erp", "public", "employees")).isEqualTo("erp.public.employees");
    }
}
