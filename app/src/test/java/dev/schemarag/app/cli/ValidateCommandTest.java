package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.generation.service.StatementCheck;
import dev.schemarag.generation.service.StatementVerdict;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ValidateCommandTest {
    @Test
    void aValidStatementPrintsValidThenItsLintFindings() {
        StatementVerdict verdict = new StatementVerdict(
                true,
                null,
                null,
                null,
                List.of(new StatementVerdict.LintFinding(
                        "ambiguous_column", "warning", "name is a column of more than one table in scope")));

        assertThat(ValidateCommand.text(verdict))
                .isEqualTo("valid\n  warning ambiguous_column: name is a column of more than one table in scope\n");
    }

    @Test
    void aRefusedStatementPrintsItsClassSqlStateAndMessage() {
        StatementVerdict verdict =
                new StatementVerdict(false, "sql_error", "42703", "column \"x\" does not exist", List.of());

        assertThat(ValidateCommand.text(verdict))
                .isEqualTo("invalid: sql_error (SQLSTATE 42703): column \"x\" does not exist\n");
    }

    @Test
    void theJsonVerdictKeepsItsFieldsInOrderNullsIncluded() throws Exception {
        StatementVerdict verdict = new StatementVerdict(
                false, "sql_error", null, "lint: x", List.of(new StatementVerdict.LintFinding("c", "error", "x")));

        assertThat(new ObjectMapper().writeValueAsString(verdict))
                .isEqualTo("{\"valid\":false,\"errorClass\":\"sql_error\",\"sqlstate\":null,\"message\":\"lint: x\","
                        + "\"lint\":[{\"code\":\"c\",\"severity\":\"error\",\"message\":\"x\"}]}");
    }

    @Test
    void theStatementIsTheArgumentOrStandardInputForADash() throws Exception {
        assertThat(ValidateCommand.statement(" SELECT 1\n", stdin(""))).isEqualTo("SELECT 1");
        assertThat(ValidateCommand.statement("-", stdin("SELECT 2;\n"))).isEqualTo("SELECT 2;");
    }

    @Test
    void blankOrOversizedInputIsAUsageError() throws Exception {
        String atTheCap = "SELECT 1 " + " ".repeat(StatementCheck.MAX_SQL_BYTES - 9);
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
        assertThat(cli().execute("validate", "--db", "erp", "x".repeat(StatementCheck.MAX_SQL_BYTES + 1)))
                .isEqualTo(2);
        assertThat(cli().execute("validate", "--db", "erp", "   ")).isEqualTo(2);
    }

    private static CommandLine cli() {
        return SchemaRagCli.commandLine().setErr(new java.io.PrintWriter(java.io.Writer.nullWriter()));
    }

    private static InputStream stdin(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
