package dev.schemarag.generation.validation;

import java.util.Objects;

/** One finding of the {@link SqlLinter}; the severity is the code's, so a report cannot disagree with the rules. */
public record LintIssue(LintCode code, Severity severity, String message) {

    public LintIssue {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
        if (severity != code.severity()) {
            throw new IllegalArgumentException(code.code() + " is a " + code.severity() + ", not " + severity);
        }
    }

    public static LintIssue of(LintCode code, String message) {
        return new LintIssue(code, code.severity(), message);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** e.g. {@code "undefined_alias: T3 in T3.name is not a table or alias in scope"}. */
    @Override
    public String toString() {
        return code.code() + ": " + message;
    }
}
