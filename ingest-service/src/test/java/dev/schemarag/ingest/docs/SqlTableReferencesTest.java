package dev.schemarag.ingest.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.TableName;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SqlTableReferencesTest {
    private static final TableName EMPLOYEES = new TableName("public", "employees");
    private static final TableName SALES_ORDERS = new TableName("sales", "orders");

    private final SqlTableReferences references = new SqlTableReferences("public", Set.of(EMPLOYEES, SALES_ORDERS));

    @Test
    void sqlFindsKnownTablesQualifiedOrNotAndIgnoresTheRest() {
        String sql = "WITH x AS (SELECT 1) SELECT * FROM \"Employees\" e JOIN sales.orders o ON true JOIN x ON true";

        assertThat(references.inSql(sql)).containsExactly(EMPLOYEES, SALES_ORDERS);
    }

    @Test
    void aQualifiedNameInAnotherSchemaIsNotKnown() {
        assertThat(references.inSql("SELECT * FROM archive.orders")).isEmpty();
    }

    @Test
    void aNamedTableResolvesToTheKnownOneInAnySchema() {
        assertThat(references.named("orders")).contains(SALES_ORDERS);
    }

    @Test
    void aNamedTableColumnResolvesToItsTable() {
        assertThat(references.named("employees.manager_id")).contains(EMPLOYEES);
    }

    @Test
    void anUnknownNameIsTakenInTheDefaultSchemaAndNonNamesAreIgnored() {
        assertThat(references.named("leave_requests")).contains(new TableName("public", "leave_requests"));
        assertThat(references.named("Many-to-one")).isEmpty();
    }
}
