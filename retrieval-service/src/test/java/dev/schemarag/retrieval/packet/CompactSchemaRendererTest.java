package dev.schemarag.retrieval.packet;

import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.SqlDialect;
import org.junit.jupiter.api.Test;

class CompactSchemaRendererTest {

    @Test
    void aTableIsOneLineWithKeysMarkedInline() {
        String line = CompactSchemaRenderer.render(
                table("hr.leave_requests")
                        .pk("leave_id")
                        .fk("employee_id", "hr.employees", "employee_id")
                        .column("reason", "text")
                        .comment("Leave taken")
                        .build(),
                SqlDialect.POSTGRESQL);

        assertThat(line)
                .isEqualTo(
                        "hr.leave_requests (leave_id bigint PK, employee_id bigint FK→employees, reason text) -- Leave taken");
    }

    @Test
    void aReferencedTableInAnotherSchemaKeepsItsSchema() {
        String line = CompactSchemaRenderer.render(
                table("hr.payslips")
                        .pk("payslip_id")
                        .fk("currency_id", "finance.currencies", "currency_id")
                        .build(),
                SqlDialect.POSTGRESQL);

        assertThat(line).isEqualTo("hr.payslips (payslip_id bigint PK, currency_id bigint FK→finance.currencies)");
    }
}
