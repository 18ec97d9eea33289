package dev.schemarag.retrieval.access;

import static dev.schemarag.core.schema.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.relationships.EdgeSource;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.schema.Column;
import dev.schemarag.core.schema.SqlReads;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.schema.Tables;
import dev.schemarag.retrieval.Catalogs;
import dev.schemarag.retrieval.index.DocChunk;
import dev.schemarag.retrieval.index.DocKind;
import dev.schemarag.retrieval.index.IndexedColumn;
import dev.schemarag.retrieval.index.IndexedDatabase;
import dev.schemarag.retrieval.index.IndexedTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReadableCatalogTest {
    private static final TableName EMPLOYEES = Tables.name("hr.employees");
    private static final TableName PAYROLL = Tables.name("hr.payroll_runs");
    private static final TableName DEPARTMENTS = Tables.name("hr.departments");

    private static final Table EMPLOYEES_TABLE = table("hr.employees")
            .pk("id")
            .column("first_name", "text")
            .column("base_salary", "numeric", true, "Yearly base salary, see payroll_runs")
            .fk("department_id", "hr.departments", "id")
            .comment("Staff; pay is in payroll_runs")
            .build();
    private static final Table PAYROLL_TABLE = table("hr.payroll_runs")
            .pk("id")
            .fk("employee_id", "hr.employees", "id")
            .column("gross_pay", "numeric")
            .build();
    private static final Table DEPARTMENTS_TABLE =
            table("hr.departments").pk("id").column("name", "text").build();

    private static final Map<String, List<String>> EVERY_EMPLOYEES_COLUMN =
            Map.of("hr_role", List.of("id", "first_name", "base_salary", "department_id"));

    private final IndexedDatabase catalog = new IndexedDatabase(
            "erp",
            "7",
            List.of(
                    indexed(
                            EMPLOYEES_TABLE,
                            List.of(new ForeignKeyEdge(
                                    EMPLOYEES,
                                    List.of("id"),
                                    PAYROLL,
                                    List.of("employee_id"),
                                    EdgeSource.INFERRED,
                                    0.8)),
                            new TableAccess(
                                    Map.of(
                                            "hr_role", EVERY_EMPLOYEES_COLUMN.get("hr_role"),
                                            "sales_role", List.of("id", "first_name", "department_id")),
                                    false,
                                    List.of())),
                    indexed(
                            PAYROLL_TABLE,
                            List.of(),
                            new TableAccess(Map.of("hr_role", List.of("id")), true, List.of("own"))),
                    indexed(
                            DEPARTMENTS_TABLE,
                            List.of(),
                            new TableAccess(
                                    Map.of("hr_role", List.of("id", "name"), "sales_role", List.of("id", "name")),
                                    false,
                                    List.of())),
                    indexed(table("hr.audit").pk("id").build(), List.of(), TableAccess.NONE)),
            List.of(
                    new DocChunk(EMPLOYEES, "", DocKind.OVERVIEW, "Who works where, by department."),
                    new DocChunk(EMPLOYEES, "base_salary", DocKind.COLUMN, "Gross yearly pay."),
                    new DocChunk(
                            EMPLOYEES,
                            "",
                            DocKind.QUERY,
                            "SELECT sum(BASE_SALARY) FROM hr.employees",
                            Optional.of(new SqlReads(List.of("hr.employees"), List.of("base_salary"), false))),
                    new DocChunk(
                            DEPARTMENTS,
                            "",
                            DocKind.EXAMPLE,
                            "SELECT d.name FROM hr.departments d JOIN" + " hr.payroll_runs p ON true"),
                    new DocChunk(PAYROLL, "", DocKind.OVERVIEW, "One row per pay run.")));

    private static IndexedTable indexed(Table t, List<ForeignKeyEdge> edges, TableAccess access) {
        return new IndexedTable(
                t,
                "HR",
                false,
                t.name().table() + ": "
                        + String.join(
                                ", ", t.columns().stream().map(Column::name).toList()),
                "stamp",
                t.columns().stream()
                        .map(c -> new IndexedColumn(c.name(), false, c.name(), "stamp"))
                        .toList(),
                edges,
                access);
    }

    @Test
    void aDocumentedQueryIsShownOnlyToRolesThatMayReadEverythingItReads() {
        DocChunk everyColumn = query("SELECT * FROM hr.employees", reads(true, "hr.employees"));
        DocChunk namesOnly = query(
                "SELECT e.first_name, d.name FROM hr.employees e JOIN hr.departments d ON d.id = e.department_id",
                reads(false, "hr.employees", "hr.departments", "first_name", "name", "id", "department_id"));
        IndexedDatabase withQueries = withDocs(everyColumn, namesOnly);

        assertThat(ReadableCatalog.of(withQueries, "sales_role").docs())
                .as("no name in * is hidden from sales, but * reads base_salary")
                .containsExactly(namesOnly);
        assertThat(ReadableCatalog.of(withQueries, "hr_role").docs()).containsExactly(everyColumn, namesOnly);
    }

    @Test
    void aDocumentedQueryWhoseReadsAreNotKnownIsShownToNoRole() {
        DocChunk unknown = query("SELECT e.first_name FROM hr.employees e", Optional.empty());
        IndexedDatabase withQuery = withDocs(unknown);

        assertThat(ReadableCatalog.of(withQuery, "hr_role").docs()).isEmpty();
        assertThat(ReadableCatalog.of(withQuery, "sales_role").docs()).isEmpty();
    }

    @Test
    void aDocumentedQueryFollowsAGrantOnAnotherTableItReads() {
        DocChunk joinsPayroll = query(
                "SELECT e.first_name, p.id FROM hr.employees e JOIN hr.payroll_runs p ON true",
                reads(false, "hr.employees", "hr.payroll_runs", "first_name", "id"));
        ReadableCatalog sales = ReadableCatalog.restrict(withDocs(joinsPayroll), "sales_role");
        assertThat(sales.view().docs()).isEmpty();

        List<IndexedTable> granted = catalog.tables().stream()
                .map(t -> t.definition().name().equals(PAYROLL)
                        ? indexed(
                                PAYROLL_TABLE,
                                List.of(),
                                new TableAccess(
                                        Map.of("hr_role", List.of("id"), "sales_role", List.of("id")),
                                        false,
                                        List.of()))
                        : t)
                .toList();
        IndexedDatabase next = new IndexedDatabase("erp", "8", granted, List.of(joinsPayroll), catalog.principals());

        assertThat(sales.next(next).view().docs()).containsExactly(joinsPayroll);
    }

    @Test
    void aDocumentedQueryOfWholeRowsGoesWhenItsTableGainsAColumnTheRoleCannotRead() {
        // "name" is no secret (sales reads departments.name), so no unreadable word changes: only the columns do
        DocChunk everyColumn =
                query("SELECT * FROM hr.employees", reads(true, "hr.employees", "id", "first_name", "department_id"));
        List<IndexedTable> readInFull = catalog.tables().stream()
                .map(t -> t.definition().name().equals(EMPLOYEES)
                        ? indexed(
                                table("hr.employees")
                                        .pk("id")
                                        .column("first_name", "text")
                                        .fk("department_id", "hr.departments", "id")
                                        .build(),
                                List.of(),
                                new TableAccess(
                                        Map.of("sales_role", List.of("id", "first_name", "department_id")),
                                        false,
                                        List.of()))
                        : t)
                .toList();
        IndexedDatabase before =
                new IndexedDatabase("erp", "7", readInFull, List.of(everyColumn), catalog.principals());
        ReadableCatalog sales = ReadableCatalog.restrict(before, "sales_role");
        assertThat(sales.view().docs()).containsExactly(everyColumn);

        List<IndexedTable> widened = readInFull.stream()
                .map(t -> t.definition().name().equals(EMPLOYEES)
                        ? indexed(
                                Catalogs.withColumn(t.definition(), new Column("name", "text", true, null, null)),
                                List.of(),
                                t.access())
                        : t)
                .toList();
        IndexedDatabase after = new IndexedDatabase("erp", "8", widened, List.of(everyColumn), catalog.principals());

        assertThat(sales.next(after).view().docs()).isEmpty();
        assertThat(sales.next(after).view()).isEqualTo(ReadableCatalog.of(after, "sales_role"));
    }

    @Test
    void aChangeOfAnotherRolesPrivilegesKeepsEveryRowOfTheView() {
        DocChunk names = query("SELECT first_name FROM hr.employees", reads(false, "hr.employees", "first_name"));
        ReadableCatalog sales = ReadableCatalog.restrict(withDocs(names), "sales_role");
        List<IndexedTable> tables = catalog.tables().stream()
                .map(t -> t.definition().name().equals(PAYROLL)
                        ? indexed(PAYROLL_TABLE, List.of(), new TableAccess(Map.of(), true, List.of("own")))
                        : t)
                .toList();
        IndexedDatabase revokedFromHr = new IndexedDatabase("erp", "8", tables, List.of(names), catalog.principals());

        IndexedDatabase followed = sales.next(revokedFromHr).view();

        assertThat(followed).isEqualTo(ReadableCatalog.of(revokedFromHr, "sales_role"));
        for (int i = 0; i < followed.tables().size(); i++)
            assertThat(followed.tables().get(i)).isSameAs(sales.view().tables().get(i));
        assertThat(followed.docs()).containsExactly(names);
    }

    private IndexedDatabase withDocs(DocChunk... docs) {
        return new IndexedDatabase("erp", "7", catalog.tables(), List.of(docs), catalog.principals());
    }

    private static DocChunk query(String sql, Optional<SqlReads> reads) {
        return new DocChunk(EMPLOYEES, "", DocKind.QUERY, sql, reads);
    }

    /** The tables (qualified names) and columns of a statement's reads. */
    private static Optional<SqlReads> reads(boolean wholeRows, String... names) {
        List<String> all = List.of(names);
        return Optional.of(new SqlReads(
                all.stream().filter(n -> n.contains(".")).toList(),
                all.stream().filter(n -> !n.contains(".")).toList(),
                wholeRows));
    }

    @Test
    void aTableWhoseRowsRowLevelSecurityFiltersSaysSoInItsComment() {
        IndexedDatabase hr = ReadableCatalog.of(catalog, "hr_role");

        assertThat(hr.tables().get(2).definition().comment())
                .as("payroll_runs has row-level security")
                .isEqualTo(ReadableCatalog.ROW_SECURITY_NOTE);
        assertThat(hr.tables().get(1).definition().comment()).isEqualTo("Staff; pay is in payroll_runs");
    }

    @Test
    void aRoleSeesOnlyTheTablesAndColumnsItMaySelect() {
        IndexedDatabase sales = ReadableCatalog.of(catalog, "sales_role");

        assertThat(sales.tableNames()).containsExactly(DEPARTMENTS, EMPLOYEES);
        Table employees = sales.tables().get(1).definition();
        assertThat(employees.columns()).extracting(Column::name).containsExactly("id", "first_name", "department_id");
        assertThat(employees.foreignKeys()).singleElement().satisfies(fk -> assertThat(fk.referencedTable())
                .isEqualTo(DEPARTMENTS));
        assertThat(sales.tables().get(1).columns())
                .extracting(IndexedColumn::name)
                .doesNotContain("base_salary");
        assertThat(sales.version()).isEqualTo("7");
    }

    @Test
    void noCommentTextEdgeOrDocNamesWhatTheRoleCannotRead() {
        IndexedDatabase sales = ReadableCatalog.of(catalog, "sales_role");

        IndexedTable employees = sales.tables().get(1);
        assertThat(employees.definition().comment()).as("it names payroll_runs").isNull();
        assertThat(employees.text()).doesNotContain("base_salary");
        assertThat(employees.relationships()).as("the edge to payroll_runs").isEmpty();
        assertThat(sales.docs())
                .extracting(DocChunk::content)
                .as("the column chunk of base_salary, the query naming it in upper case, the example joining"
                        + " payroll_runs and payroll_runs' own chunk are dropped")
                .containsExactly("Who works where, by department.");
    }

    @Test
    void aNameTheRoleReadsElsewhereIsNoSecret() {
        IndexedDatabase hr = ReadableCatalog.of(catalog, "hr_role");

        assertThat(hr.tableNames()).containsExactly(DEPARTMENTS, EMPLOYEES, PAYROLL);
        Table payroll = hr.tables().get(2).definition();
        assertThat(payroll.columns()).extracting(Column::name).containsExactly("id");
        assertThat(payroll.foreignKeys()).as("employee_id is not readable").isEmpty();
        assertThat(hr.tables().get(1).definition().comment()).isEqualTo("Staff; pay is in payroll_runs");
        assertThat(hr.docs()).extracting(DocChunk::content).contains("SELECT sum(BASE_SALARY) FROM hr.employees");
    }

    @Test
    void followingAChangeGivesWhatRestrictingTheNewVersionGives() {
        ReadableCatalog before = ReadableCatalog.restrict(catalog, "sales_role");
        // sales loses departments: the key to it, and a doc naming it, must go from employees' rows too
        List<IndexedTable> tables = catalog.tables().stream()
                .map(t -> t.definition().name().equals(DEPARTMENTS)
                        ? new IndexedTable(
                                t.definition(),
                                t.module(),
                                t.generic(),
                                t.text(),
                                t.stamp(),
                                t.columns(),
                                t.relationships(),
                                new TableAccess(Map.of("hr_role", List.of("id", "name")), false, List.of()))
                        : t)
                .toList();
        IndexedDatabase revoked = new IndexedDatabase("erp", "8", tables, catalog.docs(), catalog.principals());

        IndexedDatabase followed = before.next(revoked).view();

        assertThat(followed).isEqualTo(ReadableCatalog.of(revoked, "sales_role"));
        assertThat(followed.tableNames()).containsExactly(EMPLOYEES);
        assertThat(followed.tables().get(0).definition().foreignKeys()).isEmpty();
    }

    @Test
    void aRoleWithoutRecordedPrivilegesSeesNothing() {
        assertThat(ReadableCatalog.of(catalog, "guest_role").tables()).isEmpty();
        assertThat(ReadableCatalog.of(catalog, "guest_role").docs()).isEmpty();
    }
}
