package dev.schemarag.generation.answer;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.generation.validation.LintIssue;
import dev.schemarag.generation.validation.LintReport;
import dev.schemarag.generation.validation.ReadOnlyGuards;
import dev.schemarag.generation.validation.SafetyVerdict;
import dev.schemarag.generation.validation.SchemaColumns;
import dev.schemarag.generation.validation.SqlLinter;
import dev.schemarag.generation.validation.StatementLimits;
import dev.schemarag.generation.validation.StructuralBudget;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The checks one SQL statement passes to count as valid, in order: size limits first (a statement too long or too
 * deeply nested for the recursive parsers is a validation_block before anything parses it), then lint (malformed SQL is never executed, and
 * goes back for repair), then the read-only guard and its structural budget (a blocked statement never reaches the
 * database, and a structure too costly to plan is blocked too), then EXPLAIN on
 * the target as its reader role. The guard is the one of the database's SQL dialect. Every generated candidate goes through here, and so does {@code schemarag validate}.
 */
public final class StatementValidator {
    private static final Duration NO_CAP = Duration.ofMillis(Long.MAX_VALUE);
    private final TargetDatabases targets;
    private final StatementLimits limits;
    private final ReadOnlyGuards guards;
    private final SqlLinter linter = new SqlLinter();

    public StatementValidator(TargetDatabases targets) {
        this(targets, StatementLimits.DEFAULT, StructuralBudget.DEFAULT);
    }

    public StatementValidator(TargetDatabases targets, StatementLimits limits, StructuralBudget budget) {
        this.targets = targets;
        this.limits = limits;
        this.guards = new ReadOnlyGuards(limits, budget);
    }

    /** Validation with the configured statement timeout for EXPLAIN, as {@code schemarag validate} runs it. */
    public Validation validate(String databaseId, Asker asker, String sql, SchemaColumns columns) {
        return validate(databaseId, asker, sql, columns, NO_CAP);
    }

    /**
     * @param asker whose statement it is: EXPLAIN runs as the role the registration maps it to
     * @param columns the columns of the tables in context, for the lint rules that need them
     * @param explainAtMost the longest EXPLAIN may run, when less than the statement timeout (what is left of a
     *     record's deadline)
     */
    public Validation validate(
            String databaseId, Asker asker, String sql, SchemaColumns columns, Duration explainAtMost) {
        // Before lint, which parses recursively; the guard checks the same limits again for its standalone callers.
        Optional<Rejection> tooComplex = tooComplex(sql);
        if (tooComplex.isPresent()) return Validation.rejected(new LintReport(List.of()), tooComplex.get());
        LintReport lint = linter.lint(sql, columns);
        if (lint.hasErrors()) {
            String errors = lint.errors().stream().map(LintIssue::toString).collect(Collectors.joining("; "));
            return Validation.rejected(lint, new Rejection(ErrorClass.SQL_ERROR, null, "lint: " + errors));
        }
        Optional<Rejection> blocked = blocked(databaseId, sql);
        if (blocked.isPresent()) return Validation.rejected(lint, blocked.get());
        ExplainResult explained = targets.explain(databaseId, asker, sql, explainAtMost);
        if (explained instanceof ExplainResult.Refused refused)
            return Validation.rejected(lint, new Rejection(refused.errorClass(), null, refused.reason()));
        if (explained instanceof ExplainResult.Rejected rejected)
            return Validation.rejected(
                    lint, new Rejection(rejected.errorClass(), rejected.sqlState(), rejected.message()));
        return new Validation(lint, Optional.empty());
    }

    /**
     * The checks that need no database, for a statement validated elsewhere and read back from a topic, which anyone
     * who may write to it could have put there: the size limits, then the read-only guard and its structural budget.
     */
    public Optional<Rejection> guard(String databaseId, String sql) {
        Optional<Rejection> tooComplex = tooComplex(sql);
        return tooComplex.isPresent() ? tooComplex : blocked(databaseId, sql);
    }

    private Optional<Rejection> tooComplex(String sql) {
        return limits.violation(sql).map(why -> new Rejection(ErrorClass.VALIDATION_BLOCK, null, why));
    }

    private Optional<Rejection> blocked(String databaseId, String sql) {
        SafetyVerdict safety = guards.forDialect(targets.dialect(databaseId)).check(sql);
        return safety.blocked()
                ? Optional.of(new Rejection(
                        ErrorClass.VALIDATION_BLOCK, null, "blocked by the read-only guard: " + safety.reason()))
                : Optional.empty();
    }

    /** The validation as a {@link RepairLoop}'s verdict: a valid statement passes with its lint warnings. */
    public CandidateCheck.Verdict<List<String>> verdict(
            String databaseId, Asker asker, String sql, SchemaColumns columns, Duration explainAtMost) {
        Validation validation = validate(databaseId, asker, sql, columns, explainAtMost);
        if (validation.valid())
            return new CandidateCheck.Verdict.Passed<>(validation.lint().warnings().stream()
                    .map(LintIssue::toString)
                    .toList());
        return new CandidateCheck.Verdict.Rejected<>(validation.rejection().get());
    }

    /** @param sqlState the database's SQLSTATE when the database refused the statement, else null */
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
