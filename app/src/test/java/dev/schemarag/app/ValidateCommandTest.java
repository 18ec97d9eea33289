package dev.schemarag.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.validation.LintCode;
import dev.schemarag.generation.validation.LintIssue;
import dev.schemarag.generation.validation.LintReport;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ValidateCommandTest {
    private static final LintReport ONE_WARNING = new LintReport(
            List.of(LintIssue.of(LintCode.AMBIGUOUS_COLUMN, "name is a column of more than one table in scope")));

    @Test
    void theViewOfAValidStatementHasNoErrorAndListsItsLintIssues() {
        Map<String, Object> view =
                ValidateCommand.view(new StatementValidator.Validation(ONE_WARNING, Optional.empty()));

        assertThat(view)
                .containsExactly(
                        entry("valid", true),
                        entry("errorClass", null),
                        entry("sqlstate", null),
                        entry("message", null),
                        entry(
                                "lint",
                                List.of(Map.of(
                                        "code",
                                        "ambiguous_column",
                                        "severity",
                                        "warning",
                                        "message",
                                        "name is a column of more than one table in scope"))));
        assertThat(ValidateCommand.text(view))
                .isEqualTo("valid\n  warning ambiguous_column: name is a column of more than one table in scope\n");
    }

    @Test
    void theViewOfARefusedStatementNamesTheClassTheSqlStateAndTheMessage() {
        Map<String, Object> view = ValidateCommand.view(new StatementValidator.Validation(
                new LintReport(List.of()),
                Optional.of(new StatementValidator.Rejection(
                        ErrorClass.SQL_ERROR, "42703", "column \"x\" does not exist"))));

        assertThat(view)
                .containsEntry("valid", false)
                .containsEntry("errorClass", "sql_error")
                .containsEntry("sqlstate", "42703")
                .containsEntry("message", "column \"x\" does not exist")
                .containsEntry("lint", List.of());
        assertThat(ValidateCommand.text(view))
                .isEqualTo("invalid: sql_error (SQLSTATE 42703): column \"x\" does not exist\n");
    }

    @Test
    void theStatementIsTheArgumentOrStandardInputForADash() throws Exception {
        assertThat(ValidateCommand.statement(" SELECT 1\n", stdin(""))).isEqualTo("SELECT 1");
        assertThat(ValidateCommand.statement("-", stdin("SELECT 2;\n"))).isEqualTo("SELECT 2;");
    }

    @Test
    void blankOrOversizedInputIsAUsageError() throws Exception {
        String atTheCap = "SELECT 1 " + " ".repeat(ValidateCommand.MAX_SQL_BYTES - 9);
        assertThat(ValidateCommand.statement("-", stdin(atTheCap))).isEqualTo("SELECT 1");

        assertThatThrownBy(() -> ValidateCommand.statement("-", stdin(atTheCap + "x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("longer than");
        assertThatThrownBy(() -> ValidateCommand.statement(atTheCap + "x", stdin("")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("longer than");
        assertThatThrownBy(() -> ValidateCommand.statement("-", stdin(" \n")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the SQL is empty");
    }

    @Test
    void usageErrorsExitWith2BeforeAnythingConnects() {
        assertThat(cli().execute("validate", "SELECT 1")).as("no --db").isEqualTo(2);
        assertThat(cli().execute("validate", "--db", "erp")).as("no SQL").isEqualTo(2);
        assertThat(cli().execute("validate", "--db", "erp", "x".repeat(ValidateCommand.MAX_SQL_BYTES + 1)))
                .isEqualTo(2);
        assertThat(cli().execute("validate", "--db", "erp", "   ")).isEqualTo(2);
    }

    private static CommandLine cli() {
        return SchemaRagCli.commandLine().setErr(new java.io.PrintWriter(java.io.Writer.nullWriter()));
    }

    private static InputStream stdin(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private static Map.Entry<String, Object> entry(String key, Object value) {
        return new java.util.AbstractMap.SimpleEntry<>(key, value);
    }
}
