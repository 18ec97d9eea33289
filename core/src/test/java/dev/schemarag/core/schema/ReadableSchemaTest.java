package dev.schemarag.core.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadableSchemaTest {
    private static final TableName EMPLOYEES = new TableName("public", "employees");
    private static final TableName DEPARTMENTS = new TableName("public", "departments");
    private static final TableName PAYSLIPS = new TableName("public", "payslips");
    private static final TableName ARCHIVED_EMPLOYEES = new TableName("archive", "employees");

    private static final Map<TableName, List<String>> COLUMNS = Map.of(
            EMPLOYEES, List.of("employee_id", "first_name", "department_id", "base_salary"),
            DEPARTMENTS, List.of("department_id", "name"),
            PAYSLIPS, List.of("payslip_id", "employee_id", "net_pay"),
            ARCHIVED_EMPLOYEES, List.of("employee_id", "first_name"));

    /** hr reads everything; sales no payslips, and on employees everything but base_salary (a column grant). */
    private static final Map<TableName, TableAccess> ACCESS = Map.of(
            EMPLOYEES,
                    access(Map.of(
                            "hr", COLUMNS.get(EMPLOYEES),
                            "sales", List.of("employee_id", "first_name", "department_id"))),
            DEPARTMENTS, access(Map.of("hr", COLUMNS.get(DEPARTMENTS), "sales", COLUMNS.get(DEPARTMENTS))),
            PAYSLIPS, access(Map.of("hr", COLUMNS.get(PAYSLIPS))),
            ARCHIVED_EMPLOYEES, access(Map.of("hr", COLUMNS.get(ARCHIVED_EMPLOYEES))));

    private static final ReadableSchema HR = ReadableSchema.of(COLUMNS, ACCESS, "hr");
    private static final ReadableSchema SALES = ReadableSchema.of(COLUMNS, ACCESS, "sales");

    @Test
    void aStatementWithinTheGrantedColumnsIsPermitted() {
        SqlReads headcount = reads(
                List.of("public.employees", "public.departments"), List.of("name", "employee_id", "department_id"));

        assertThat(SALES.permits(headcount)).isTrue();
        assertThat(HR.permits(headcount)).isTrue();
    }

    @Test
    void aColumnOutsideTheGrantIsRefusedToThatRoleOnly() {
        SqlReads salaries = reads(List.of("public.employees"), List.of("first_name", "base_salary"));

        assertThat(SALES.permits(salaries)).isFalse();
        assertThat(HR.permits(salaries)).isTrue();
    }

    @Test
    void aTableTheRoleCannotReadIsRefusedWhateverItsColumns() {
        assertThat(SALES.permits(reads(List.of("public.payslips"), List.of()))).isFalse();
        assertThat(HR.permits(reads(List.of("public.payslips"), List.of()))).isTrue();
    }

    @Test
    void wholeRowsNeedEveryColumn() {
        SqlReads star = new SqlReads(List.of("public.employees"), List.of(), true);
        SqlReads departments = new SqlReads(List.of("public.departments"), List.of(), true);

        assertThat(SALES.permits(star)).isFalse();
        assertThat(HR.permits(star)).isTrue();
        assertThat(SALES.permits(departments)).isTrue();
    }

    @Test
    void aBareNameMustBeReadableInEverySchemaThatHasATableOfThatName() {
        SqlReads bare = reads(List.of("employees"), List.of("first_name"));

        assertThat(SALES.permits(bare)).as("archive.employees is hr's only").isFalse();
        assertThat(HR.permits(bare)).isTrue();
    }

    @Test
    void aColumnNameCountsAgainstEveryTableReadThatHasIt() {
        // The statement may mean departments.name, but employees has no name, so only the tables that do count.
        assertThat(SALES.permits(reads(List.of("public.employees", "public.departments"), List.of("name"))))
                .isTrue();
        // base_salary counts against employees even if a qualifier pointed elsewhere.
        assertThat(SALES.permits(reads(List.of("public.employees", "public.departments"), List.of("base_salary"))))
                .isFalse();
    }

    @Test
    void anUnknownTableIsRefused() {
        assertThat(HR.permits(reads(List.of("public.salaries"), List.of()))).isFalse();
        assertThat(HR.permits(reads(List.of("other.employees"), List.of()))).isFalse();
    }

    @Test
    void namesCompareCaseInsensitively() {
        assertThat(SALES.permits(reads(List.of("Public.Employees"), List.of("Base_Salary"))))
                .isFalse();
        assertThat(SALES.permits(reads(List.of("PUBLIC.DEPARTMENTS"), List.of("NAME"))))
                .isTrue();
    }

    @Test
    void aRoleWithoutRecordedAccessReadsNothing() {
        ReadableSchema nobody = ReadableSchema.of(COLUMNS, ACCESS, "auditor");

        assertThat(nobody.permits(reads(List.of("public.departments"), List.of("name"))))
                .isFalse();
        assertThat(nobody.permits(reads(List.of(), List.of())))
                .as("reads no table")
                .isTrue();
    }

    @Test
    void readsNotKnownInTheStoreAreEmpty() {
        assertThat(SqlReads.stored(List.of("public.employees"), List.of(), null))
                .isEmpty();
        assertThat(SqlReads.stored(null, List.of(), false)).isEmpty();
        assertThat(SqlReads.stored(List.of("public.employees"), List.of("x"), false))
                .contains(reads(List.of("public.employees"), List.of("x")));
    }

    private static SqlReads reads(List<String> tables, List<String> columns) {
        return new SqlReads(tables, columns, false);
    }

    private static TableAccess access(Map<String, List<String>> readers) {
        return new TableAccess(readers, false, List.of());
    }
}
