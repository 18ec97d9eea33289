package dev.schemarag.generation.service;

import dev.schemarag.generation.answer.StatementValidator;
import dev.schemarag.generation.validation.LintIssue;
import java.util.List;
import java.util.Locale;

/**
 * The verdict on one statement as people and agents read it ({@code schemarag validate}, the MCP tool
 * {@code validate_sql}): the error class's wire name, PostgreSQL's SQLSTATE and the message when it is not valid, and
 * every lint finding, which stands even for a valid statement. Serialized as is, it is their JSON.
 *
 * @param errorClass null when valid
 * @param sqlstate null unless the database refused the statement
 * @param message null when valid
 */
public record StatementVerdict(
        boolean valid, String errorClass, String sqlstate, String message, List<LintFinding> lint) {

    /** @param severity {@code error} or {@code warning} */
    public record LintFinding(String code, String severity, String message) {}

    public StatementVerdict {
        lint = List.copyOf(lint);
    }

    public static StatementVerdict of(StatementValidator.Validation validation) {
        return new StatementVerdict(
                validation.valid(),
                validation.rejection().map(r -> r.errorClass().wireName()).orElse(null),
                validation
                        .rejection()
                        .map(StatementValidator.Rejection::sqlState)
                        .orElse(null),
                validation
                        .rejection()
                        .map(StatementValidator.Rejection::message)
                        .orElse(null),
                validation.lint().issues().stream()
                        .map(StatementVerdict::finding)
                        .toList());
    }

    private static LintFinding finding(LintIssue issue) {
        return new LintFinding(issue.code().code(), issue.severity().name().toLowerCase(Locale.ROOT), issue.message());
    }
}
