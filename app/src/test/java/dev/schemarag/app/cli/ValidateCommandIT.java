package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code schemarag validate} through the command line against a synced database of the test stack: the statement is
 * linted with the indexed tables' columns, checked by the guard and planned by PostgreSQL, never executed.
 */
class ValidateCommandIT {
    private static final Pattern JSON = Pattern.compile("(?ms)^\\{$.*?^\\}$");
    private static CliTestEnvironment environment;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        environment = CliTestEnvironment.start("validate_it", dir, false);
    }

    @AfterAll
    static void stop() {
        if (environment != null) environment.close();
    }

    @Test
    void aPlannableSelectIsValid() throws Exception {
        Map<String, Object> view = validate(
                0,
                "SELECT e.full_name, d.department_name FROM public.employees e "
                        + "JOIN public.departments d ON e.department_id = d.department_id");

        assertThat(view)
                .containsEntry("valid", true)
                .containsEntry("errorClass", null)
                .containsEntry("sqlstate", null)
                .containsEntry("message", null)
                .containsEntry("lint", List.of());
    }

    @Test
    void anAmbiguousColumnIsWarnedAboutFromTheIndexedColumnsAndRefusedByPostgresql() throws Exception {
        Map<String, Object> view = validate(
                1,
                "SELECT department_id FROM public.employees e "
                        + "JOIN public.departments d ON e.department_id = d.department_id");

        assertThat(view)
                .containsEntry("valid", false)
                .containsEntry("errorClass", "sql_error")
                .containsEntry("sqlstate", "42702");
        assertThat(view.get("lint"))
                .isEqualTo(List.of(Map.of(
                        "code",
                        "ambiguous_column",
                        "severity",
                        "warning",
                        "message",
                        "column department_id exists in e, d; qualify it")));
    }

    @Test
    void aDeleteIsAValidationBlock() throws Exception {
        Map<String, Object> view = validate(1, "DELETE FROM employees");

        assertThat(view)
                .containsEntry("valid", false)
                .containsEntry("errorClass", "validation_block")
                .containsEntry("sqlstate", null);
        assertThat((String) view.get("message")).startsWith("blocked by the read-only guard");
    }

    @Test
    void anUndefinedColumnIsAnSqlErrorWithPostgresqlsSqlState() throws Exception {
        Map<String, Object> view = validate(1, "SELECT salary FROM public.employees");

        assertThat(view)
                .containsEntry("valid", false)
                .containsEntry("errorClass", "sql_error")
                .containsEntry("sqlstate", "42703");
        assertThat((String) view.get("message")).contains("salary");
    }

    @Test
    void twoStatementsAreAValidationBlock() throws Exception {
        Map<String, Object> view = validate(1, "SELECT 1; SELECT 2");

        assertThat(view)
                .containsEntry("valid", false)
                .containsEntry("errorClass", "validation_block")
                .containsEntry("sqlstate", null)
                .containsEntry("message", "blocked by the read-only guard: multiple statements are not allowed");
    }

    @Test
    void aDashReadsTheStatementFromStandardInput() {
        InputStream stdin = System.in;
        System.setIn(
                new ByteArrayInputStream("SELECT count(*) FROM public.employees;\n".getBytes(StandardCharsets.UTF_8)));
        try {
            CliTestEnvironment.Run run = CliTestEnvironment.execute("validate", "--db", environment.databaseId, "-");
            assertThat(run.exitCode()).as(run.output()).isZero();
            assertThat(run.output()).containsPattern("(?m)^valid$");
        } finally {
            System.setIn(stdin);
        }
    }

    @Test
    void anUnregisteredDatabaseIsAUsageError() {
        assertThat(CliTestEnvironment.execute("validate", "--db", "nowhere", "SELECT 1")
                        .exitCode())
                .isEqualTo(2);
    }

    private static Map<String, Object> validate(int exitCode, String sql) throws Exception {
        CliTestEnvironment.Run run =
                CliTestEnvironment.execute("validate", "--db", environment.databaseId, "--json", sql);
        assertThat(run.exitCode()).as(run.output()).isEqualTo(exitCode);
        Matcher json = JSON.matcher(run.output());
        assertThat(json.find()).as(run.output()).isTrue();
        return new ObjectMapper().readValue(json.group(), new TypeReference<>() {});
    }
}
