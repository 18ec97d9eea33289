package dev.schemarag.generation.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqlTablesTest {

    @Test
    void joinedAndNestedTablesAreFoundSortedAndNormalized() {
        assertThat(SqlTables.readBy("""
                SELECT d.name, count(*) FROM HR.Employees e JOIN hr."Departments" d ON d.department_id = e.department_id
                WHERE e.location_id IN (SELECT location_id FROM hr.locations) GROUP BY d.name""")).containsExactly("hr.Departments", "hr.employees", "hr.locations");
    }

    @Test
    void aCteIsNotATable() {
        assertThat(SqlTables.readBy("WITH recent AS (SELECT * FROM sales.orders) SELECT count(*) FROM recent"))
                .containsExactly("sales.orders");
    }

    @Test
    void unparseableSqlReadsNoTables() {
        assertThat(SqlTables.readBy("SELEC nothing FROM")).isEmpty();
    }
}
