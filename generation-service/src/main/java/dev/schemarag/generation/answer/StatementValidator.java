package dev.schemarag.generation.answer;

import dev.schemarag.generation.validation.ErrorClass;
import dev.schemarag.generation.validation.LintIssue;
import dev.schemarag.generation.validation.LintReport;
import dev.schemarag.generation.validation.ReadOnlySafetyGuard;
import dev.schemarag.generation.validation.SafetyVerdict;
import dev.schemarag.generation.validation.SchemaColumns;
import dev.schemarag.generation.validation.SqlLinter;
import dev.schemarag.generation.validation.SqlStateClassifier;

import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The checks one SQL statement passes to count as valid, in order: lint first (malformed SQL is never executed, and
 * goes back for repair), then the read-only guard (a blocked statement never reaches the database), then EXPLAIN on
 * the target as its reader role. Every generated candidate goes through here, and so does {@code schemarag validate}.
 */
public final class StatementValidator {
    private final TargetDatabases targets;
    private final SqlLinter linter = new SqlLinter();
    private final ReadOnlySafetyGuard guard = new ReadOnlySafetyGuard();
    private final SqlStateClassifier classifier = new SqlStateClassifier();

    public StatementValidator(TargetDatabases targets) {
        this.targets = targets;
    }

    /** @param columns the columns of the tables in context, for the lint rules that need them */
    public Validation validate(String databaseId, String sql, SchemaColumns columns) {
        LintReport lint = linter.lint(sql, columns);
        if (lint.hasErrors()) {
            String errors = lint.errors().stream().map(LintIssue::toString).collect(Collectors.joining("; "));
            return Validation.rejected(lint, new Rejection(ErrorClass.SQL_ERROR, null, "lint: " + errors));
        }
        SafetyVerdict safety = guard.check(sql);
        if (safety.blocked())
            return Validation.rejected(lint, new Rejection(ErrorClass.VALIDATION_BLOCK, null,
                    "blocked by the read-only guard: " + safety.reason()));
        if (targets.explain(databaseId, sql) instanceof ExplainResult.Rejected rejected)
            return Validation.rejected(lint, new Rejection(classifier.classify(rejected.sqlState()), rejected.sqlState(),
                    rejected.message()));
        return new Validation(lint, Optional.empty());
    }

    /** @param sqlState PostgreSQL's SQLSTATE when the database refused the statement, else null */
    public record Rejection(ErrorClass errorClass, String sqlState, String message) {}

    /** The lint findings (warnings stand even for a valid statement) and why the statement is not valid, if it is not. */
    public record Validation(LintReport lint, Optional<Rejection> rejection) {

        static Validation rejected(LintReport lint, Rejection rejection) {
            return new Validation(lint, Optional.of(rejection));
        }

        public boolean valid() {
            return rejection.isEmpty();
        }
    }
}
