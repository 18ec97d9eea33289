package dev.schemarag.generation.validation;

import java.util.List;

/** All findings for one statement, in the order the rules found them. */
public record LintReport(List<LintIssue> issues) {

    public LintReport {
        issues = List.copyOf(issues);
    }

    public boolean hasErrors() {
        return issues.stream().anyMatch(LintIssue::isError);
    }

    public List<LintIssue> errors() {
        return issues.stream().filter(LintIssue::isError).toList();
    }

    public List<LintIssue> warnings() {
        return issues.stream().filter(issue -> !issue.isError()).toList();
    }

    public boolean has(LintCode code) {
        return issues.stream().anyMatch(issue -> issue.code() == code);
    }
}
