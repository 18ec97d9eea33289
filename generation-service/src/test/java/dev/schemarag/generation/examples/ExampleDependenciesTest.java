package dev.schemarag.generation.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.SqlReads;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExampleDependenciesTest {
    private static final String MANAGERS = """
            SELECT m.first_name || ' ' || m.last_name AS manager, count(*) AS reports
            FROM employees e JOIN public.employees m ON m.employee_id = e.manager_id
            JOIN hr.departments d ON d.department_id = e.department_id
            WHERE e.status = 'active' GROUP BY m.first_name, m.last_name""";

    @Test
    void theTablesAndColumnsASelectReadsAreParsedOnce() {
        ExampleDependencies reads = ExampleDependencies.of(MANAGERS);

        assertThat(reads.parsed()).isTrue();
        assertThat(reads.tables()).containsExactly("employees", "hr.departments", "public.employees");
        assertThat(reads.columns())
                .containsExactly("department_id", "employee_id", "first_name", "last_name", "manager_id", "status")
                .isSorted();
    }

    @Test
    void aChangeOfATableItReadsByItsQualifiedOrItsBareNameTouchesIt() {
        ExampleDependencies reads = ExampleDependencies.of(MANAGERS);

        assertThat(reads.touchedBy("public", "employees")).isTrue();
        assertThat(reads.touchedBy("hr", "employees")).isTrue(); // the bare name may resolve to any schema's
        assertThat(reads.touchedBy("HR", "Departments")).isTrue();
    }

    @Test
    void aChangeOfAnotherTableDoesNotTouchIt() {
        ExampleDependencies reads = ExampleDependencies.of(MANAGERS);

        assertThat(reads.touchedBy("public", "departments")).isFalse();
        assertThat(reads.touchedBy("public", "projects")).isFalse();
    }

    @Test
    void commonTableExpressionsAreNotTablesItReads() {
        ExampleDependencies reads = ExampleDependencies.of(
                "WITH recent AS (SELECT * FROM orders WHERE order_date > now() - interval '7 days')"
                        + " SELECT count(*) FROM recent");

        assertThat(reads.tables()).containsExactly("orders");
        assertThat(reads.touchedBy("public", "recent")).isFalse();
    }

    @Test
    void sqlThatDoesNotParseMayReadAnythingSoEveryChangeTouchesIt() {
        ExampleDependencies reads = ExampleDependencies.of("SELEKT whatever FROM");

        assertThat(reads.parsed()).isFalse();
        assertThat(reads.reads()).isEmpty();
        assertThat(reads.touchedBy("public", "employees")).isTrue();
    }

    @Test
    void storedWithoutTablesReadsAsUnparsedAndStoredTablesAreFoundByTheLookupNames() {
        assertThat(ExampleDependencies.stored(null, null).parsed()).isFalse();

        ExampleDependencies reads = ExampleDependencies.of("SELECT name FROM Sales.Orders");
        List<String> stored = reads.reads().orElseThrow().tables();
        assertThat(stored).containsExactly("sales.orders");
        assertThat(ExampleDependencies.lookupNames("sales", "orders")).containsAnyElementsOf(stored);
        assertThat(ExampleDependencies.stored(stored, reads.columns()).touchedBy("sales", "orders"))
                .isTrue();
    }

    @Test
    void whatARoleMustReadToBeShownTheExampleIncludesWholeRows() {
        assertThat(ExampleDependencies.of(MANAGERS).reads().orElseThrow().wholeRows())
                .isFalse();
        assertThat(ExampleDependencies.of("SELECT * FROM employees").reads().orElseThrow())
                .isEqualTo(new SqlReads(List.of("employees"), List.of(), true));
        assertThat(ExampleDependencies.of("SELECT row_to_json(e) FROM employees e")
                        .reads()
                        .orElseThrow()
                        .wholeRows())
                .isTrue();
    }

    @Test
    void sqlThatDoesNotParseOrWasStoredForARecheckOnlyIsShownToNoRole() {
        assertThat(ExampleDependencies.of("SELEKT whatever FROM").reads()).isEmpty();
        assertThat(ExampleDependencies.stored(null, null).reads()).isEmpty();
        assertThat(ExampleDependencies.stored(List.of("employees"), List.of("first_name"))
                        .reads()
                        .orElseThrow()
                        .wholeRows())
                .as("not known, so taken as whole rows")
                .isTrue();
    }
}
