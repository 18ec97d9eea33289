package dev.schemarag.generation.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.config.Settings;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.core.store.TargetSessionLimits;
import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.execution.ExecutionOutcome;
import dev.schemarag.generation.service.ExecutionSettings;
import dev.schemarag.generation.service.QueryExecutorsByDialect;
import dev.schemarag.generation.validation.SchemaColumns;
import dev.schemarag.stack.EmbeddedPostgres;
import dev.schemarag.testkit.SharedTestStack;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Questions validated and executed as the asker's own database role on a real PostgreSQL: the reader SETs the role
 * the registration maps the principal to, so PostgreSQL enforces table and column grants and row-level security.
 */
class PrincipalRolesIT {
    private static final String DB = "principal_roles_it";
    private static final String READER = "principals_reader";
    private static final String HR = "hr_role";
    private static final String SALES = "sales_role";
    private static final String PASSWORD = "reader-secret";
    private static final Duration NO_CAP = Duration.ofMinutes(1);

    private static EmbeddedPostgres postgres;
    private static Connection admin;
    private static DatabaseRegistry registry;

    @BeforeAll
    static void setUp() throws SQLException {
        postgres = SharedTestStack.get().postgres();
        postgres.createDatabaseIfMissing(DB);
        admin = postgres.connect(DB);
        try (Statement st = admin.createStatement()) {
            st.execute("DROP TABLE IF EXISTS payroll, employees");
            st.execute("CREATE TABLE employees (id int PRIMARY KEY, name text, department text, company text,"
                    + " base_salary numeric(10, 2))");
            st.execute("INSERT INTO employees VALUES (1, 'Ann', 'sales', 'acme', 5000), (2, 'Bob', 'hr', 'acme', 6000),"
                    + " (3, 'Cid', 'sales', 'globex', 7000)");
            st.execute("CREATE TABLE payroll (employee_id int, month date, paid numeric(10, 2))");
            st.execute("INSERT INTO payroll VALUES (1, '2026-01-01', 5000)");
            for (String role : List.of(HR, SALES)) {
                dropRole(st, role);
                st.execute("CREATE ROLE " + role + " NOLOGIN");
                st.execute("GRANT USAGE ON SCHEMA public TO " + role);
            }
            st.execute("GRANT SELECT ON employees, payroll TO " + HR);
            st.execute("GRANT SELECT (id, name, department) ON employees TO " + SALES);
            // hr sees one company's people; the table's owner (the admin) is not subject to the policy.
            st.execute("ALTER TABLE employees ENABLE ROW LEVEL SECURITY");
            st.execute("CREATE POLICY hr_acme ON employees FOR SELECT TO " + HR + " USING (company = 'acme')");
            st.execute("CREATE POLICY sales_all ON employees FOR SELECT TO " + SALES + " USING (true)");
        }
        ReaderRole.grant(admin, READER, DB, List.of("public"), PASSWORD, TargetSessionLimits.DEFAULT);
        try (Statement st = admin.createStatement()) {
            for (String role : List.of(HR, SALES)) for (String sql : ReaderRole.memberOf(READER, role)) st.execute(sql);
        }
        registry = new DatabaseRegistry(List.of(new RegisteredDatabase(
                "people",
                postgres.jdbcUrl(DB),
                null,
                new Credentials(READER, PASSWORD),
                List.of("public"),
                null,
                null,
                null,
                true,
                new Principals(Map.of("hr", HR, "sales", SALES), null))));
    }

    @AfterAll
    static void tearDown() throws SQLException {
        if (admin == null) return;
        try (Statement st = admin.createStatement()) {
            st.execute("DROP TABLE IF EXISTS payroll, employees");
            for (String role : List.of(HR, SALES)) dropRole(st, role);
        }
        admin.close();
    }

    /** A role left by an earlier run still holds grants on the schema, which DROP ROLE refuses to drop. */
    private static void dropRole(Statement st, String role) throws SQLException {
        st.execute("DO $$ BEGIN IF EXISTS (SELECT FROM pg_roles WHERE rolname = '%1$s') THEN".formatted(role)
                + " EXECUTE 'DROP OWNED BY %1$s'; EXECUTE 'DROP ROLE %1$s'; END IF; END $$".formatted(role));
    }

    private static StatementValidator.Validation validate(PostgresTargetDatabases targets, String asker, String sql) {
        return new StatementValidator(targets).validate("people", Asker.of(asker), sql, SchemaColumns.empty());
    }

    @Test
    void aColumnTheAskersRoleMayNotReadIsBlockedByPostgresNamingIt() {
        try (PostgresTargetDatabases targets = new PostgresTargetDatabases(registry, NO_CAP)) {
            targets.verifyReaders();

            StatementValidator.Validation sales = validate(targets, "sales", "SELECT base_salary FROM employees");
            StatementValidator.Validation payroll = validate(targets, "sales", "SELECT paid FROM payroll");

            assertThat(sales.rejection()).hasValueSatisfying(r -> {
                assertThat(r.errorClass()).isEqualTo(ErrorClass.VALIDATION_BLOCK);
                assertThat(r.sqlState()).isEqualTo("42501");
                assertThat(r.message())
                        .contains("permission denied for table employees")
                        .contains("as role sales_role, which principal 'sales' is mapped to");
            });
            assertThat(payroll.rejection())
                    .hasValueSatisfying(r -> assertThat(r.message()).contains("payroll"));
            assertThat(validate(targets, "sales", "SELECT id, name, department FROM employees")
                            .valid())
                    .isTrue();
            assertThat(validate(targets, "hr", "SELECT base_salary FROM employees")
                            .valid())
                    .isTrue();
        }
    }

    @Test
    void executionAsHrReturnsOnlyTheRowsItsRowLevelPolicyAllowsAndSaysWhichRoleRanIt() {
        try (QueryExecutorsByDialect executor = ExecutionSettings.queryExecutor(Settings.of(Map.of()), registry)) {
            ExecutionOutcome hr = executor.execute(
                    "people", Asker.of("hr"), "SELECT name, base_salary FROM employees ORDER BY id", 100, NO_CAP);
            ExecutionOutcome sales = executor.execute(
                    "people", Asker.of("sales"), "SELECT name FROM employees ORDER BY id", 100, NO_CAP);

            assertThat(hr).isInstanceOfSatisfying(ExecutionOutcome.Rows.class, rows -> {
                assertThat(rows.rows()).containsExactly(List.of("Ann", "5000.00"), List.of("Bob", "6000.00"));
                assertThat(rows.executedAs()).isEqualTo(HR);
            });
            assertThat(sales).isInstanceOfSatisfying(ExecutionOutcome.Rows.class, rows -> assertThat(rows.rows())
                    .hasSize(3));
        }
    }

    @Test
    void anUnmappedPrincipalIsRefusedBeforeAnythingIsSent() {
        try (PostgresTargetDatabases targets = new PostgresTargetDatabases(registry, NO_CAP);
                QueryExecutorsByDialect executor = ExecutionSettings.queryExecutor(Settings.of(Map.of()), registry)) {
            assertThat(validate(targets, "mallory", "SELECT id FROM employees").rejection())
                    .hasValueSatisfying(r -> {
                        assertThat(r.errorClass()).isEqualTo(ErrorClass.ACCESS_DENIED);
                        assertThat(r.message()).contains("principal 'mallory'");
                    });
            assertThat(executor.execute("people", Asker.of("mallory"), "SELECT id FROM employees", 10, NO_CAP))
                    .isInstanceOfSatisfying(ExecutionOutcome.Refused.class, refused -> assertThat(refused.errorClass())
                            .isEqualTo(ErrorClass.ACCESS_DENIED));
        }
    }

    @Test
    void aMappedRoleThatCouldWriteMakesTheReaderRefused() throws SQLException {
        try (Statement st = admin.createStatement()) {
            st.execute("GRANT INSERT ON payroll TO " + HR);
        }
        try (PostgresTargetDatabases targets = new PostgresTargetDatabases(registry, NO_CAP)) {
            assertThat(validate(targets, "sales", "SELECT id FROM employees").rejection())
                    .hasValueSatisfying(r -> {
                        assertThat(r.errorClass()).isEqualTo(ErrorClass.INFRA_FAILURE);
                        assertThat(r.message()).contains(HR);
                    });
        } finally {
            try (Statement st = admin.createStatement()) {
                st.execute("REVOKE INSERT ON payroll FROM " + HR);
            }
        }
    }
}
