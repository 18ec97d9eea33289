package dev.schemarag.generation.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.validation.LintCode;
import dev.schemarag.generation.validation.LintIssue;
import dev.schemarag.generation.validation.LintReport;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StatementVerdictTest {
    @Test
    void aValidStatementHasNoErrorAndKeepsItsLintFindings() {
        LintReport oneWarning = new LintReport(
                List.of(LintIssue.of(LintCode.AMBIGUOUS_COLUMN, "name is a column of more than one table in scope")));

        StatementVerdict verdict = StatementVerdict.of(new StatementValidator.Validation(oneWarning, Optional.empty()));

        assertThat(verdict)
                .isEqualTo(new StatementVerdict(
                        true,
                        null,
                        null,
                        null,
                        List.of(new StatementVerdict.LintFinding(
                                "ambiguous_column", "warning", "name is a column of more than one table in scope"))));
    }

    @Test
    void aRefusedStatementNamesTheWireClassTheSqlStateAndTheMessage() {
        StatementVerdict verdict = StatementVerdict.of(new StatementValidator.Validation(
                new LintReport(List.of()),
                Optional.of(new StatementValidator.Rejection(
                        ErrorClass.SQL_ERROR, "42703", "column \"x\" does not exist"))));

        assertThat(verdict)
                .isEqualTo(new StatementVerdict(false, "sql_error", "42703", "column \"x\" does not exist", List.of()));
    }
}
