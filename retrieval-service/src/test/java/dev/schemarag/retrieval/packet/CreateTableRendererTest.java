package dev.schemarag.retrieval.packet;

import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.schema.Table;
import java.util.List;
import org.junit.jupiter.api.Test;

class CreateTableRendererTest {

    @Test
    void aTableIsWrittenWithTypesConstraintsAndComments() {
        String sql = CreateTableRenderer.render(
                table("hr.leave_requests")
                        .comment("Leave taken by employees")
                        .pk("leave_id")
                        .column("employee_id", "bigint", false, "Who\ntook it")
                        .column("kind", "text", true, null)
                        .fk("employee_id", "hr.employees", "employee_id")
                        .unique("employee_id", "kind")
                        .build(),
                SqlDialect.POSTGRESQL);

        assertThat(sql).isEqualTo("""
                -- Leave taken by employees
                CREATE TABLE hr.leave_requests (
                  leave_id bigint NOT NULL,
                  employee_id bigint NOT NULL, -- Who took it
                  kind text,
                  PRIMARY KEY (leave_id),
                  UNIQUE (employee_id, kind),
                  FOREIGN KEY (employee_id) REFERENCES hr.employees (employee_id)
                );""");
    }

    @Test
    void aCommentOnTheLastColumnFollowsItWithoutAComma() {
        String sql = CreateTableRenderer.render(
                table("s.notes").column("body", "text", true, "free text").build(), SqlDialect.POSTGRESQL);

        assertThat(sql).isEqualTo("""
                CREATE TABLE s.notes (
                  body text -- free text
                );""");
    }

    @Test
    void identifiersPostgresWouldFoldOrReservedWordsAreQuoted() {
        String sql = CreateTableRenderer.render(
                table("Sales.Order")
                        .column("user", "text")
                        .column("Total Amount", "numeric")
                        .build(),
                SqlDialect.POSTGRESQL);

        assertThat(sql).isEqualTo("""
                CREATE TABLE "Sales"."Order" (
                  "user" text,
                  "Total Amount" numeric
                );""");
    }

    @Test
    void aCompositeForeignKeyListsItsColumnsInOrder() {
        String sql = CreateTableRenderer.render(
                table("s.lines")
                        .column("order_id", "bigint")
                        .column("line_no", "int")
                        .foreignKey(List.of("order_id", "line_no"), "s.order_lines", List.of("order_id", "line_no"))
                        .build(),
                SqlDialect.POSTGRESQL);

        assertThat(sql).contains("FOREIGN KEY (order_id, line_no) REFERENCES s.order_lines (order_id, line_no)");
    }

    @Test
    void aViewIsWrittenAsAView() {
        assertThat(CreateTableRenderer.render(
                        table("s.active_users")
                                .column("user_id", "bigint")
                                .view()
                                .build(),
                        SqlDialect.POSTGRESQL))
                .startsWith("CREATE VIEW s.active_users (");
    }

    @Test
    void aMariaDbTableQuotesWithBackticksWhatMySqlWouldNotReadBare() {
        Table table = table("erp_maria.Order")
                .column("key", "varchar(10)")
                .column("status", "varchar(12)")
                .build();

        assertThat(CreateTableRenderer.render(table, SqlDialect.MARIADB))
                .contains("CREATE TABLE erp_maria.`Order` (", "  `key` varchar(10)", "  status varchar(12)")
                .doesNotContain("\"");
        assertThat(CompactSchemaRenderer.render(table, SqlDialect.MYSQL))
                .startsWith("erp_maria.`Order` (`key` varchar(10), status varchar(12))");
    }
}
