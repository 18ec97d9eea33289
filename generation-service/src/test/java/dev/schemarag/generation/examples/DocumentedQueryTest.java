package dev.schemarag.generation.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DocumentedQueryTest {

    @Test
    void readsNameUseCaseAndSqlOfAQueryChunk() {
        String chunk = """
                Query pattern on hr.employees: Employees hired in a year
                Use case: headcount planning
                Returns: one row per employee
                Filter on the hire date.
                SQL:
                SELECT e.employee_id FROM hr.employees e
                WHERE extract(year FROM e.hire_date) = 2024""";

        assertThat(DocumentedQuery.fromChunk(chunk))
                .contains(new DocumentedQuery(
                        "Employees hired in a year: headcount planning",
                        "SELECT e.employee_id FROM hr.employees e\nWHERE extract(year FROM e.hire_date) = 2024"));
    }

    @Test
    void aChunkWithoutSqlHasNoQuery() {
        assertThat(DocumentedQuery.fromChunk("Query pattern on hr.employees: By manager\nUse case: org charts"))
                .isEmpty();
    }
}
