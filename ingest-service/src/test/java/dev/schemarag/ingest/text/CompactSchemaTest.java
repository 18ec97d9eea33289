package dev.schemarag.ingest.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompactSchemaTest {
    @Test
    void everyColumnWithShortTypeAndKeyMarkers() {
        assertThat(CompactSchema.of(LeaveRequestsFixture.TABLE))
                .isEqualTo(
                        "leave_requests (leave_id bigint PK, company_id bigint FK→employees, employee_id bigint FK→employees, "
                                + "approver_id bigint FK→employees.employee_id, status text, starts_on date, ends_on date, "
                                + "reason varchar(200), created_at timestamptz)");
    }

    @Test
    void nonPublicTablesAreQualifiedAndAColumnCanBeBothPkAndFk() {
        TableName lines = new TableName("sales", "order_lines");
        Table table = new Table(
                lines,
                false,
                null,
                List.of(
                        new Column("order_id", "integer", false, null, null),
                        new Column("line_no", "smallint", false, null, null),
                        new Column("shipped_at", "timestamp(3) without time zone", true, null, null)),
                List.of("order_id", "line_no"),
                List.of(new ForeignKey(
                        "fk", List.of("order_id"), new TableName("sales", "orders"), List.of("order_id"))),
                List.of());

        assertThat(CompactSchema.of(table))
                .isEqualTo(
                        "sales.order_lines (order_id integer PK FK→sales.orders, line_no smallint PK, shipped_at timestamp(3))");
    }
}
