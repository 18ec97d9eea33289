package dev.schemarag.generation.validation;

import java.util.Locale;

/** What a lint rule found; {@link #code()} is the stable name used in messages and repair prompts. */
public enum LintCode {
    UNBALANCED_PARENS(Severity.ERROR),
    UNCLOSED_QUOTE(Severity.ERROR),
    UNCLOSED_COMMENT(Severity.ERROR),
    TRAILING_COMMA_SELECT(Severity.ERROR),
    TRAILING_COMMA_GROUPBY(Severity.ERROR),
    TRAILING_COMMA_ORDERBY(Severity.ERROR),
    JOIN_WITHOUT_CONDITION(Severity.ERROR),
    UNDEFINED_ALIAS(Severity.ERROR),
    PARSE_ERROR(Severity.ERROR),
    AGGREGATE_WITHOUT_GROUPBY(Severity.WARNING),
    NON_AGGREGATE_IN_SELECT(Severity.WARNING),
    DUPLICATE_ALIAS(Severity.WARNING),
    AMBIGUOUS_COLUMN(Severity.WARNING);

    private final Severity severity;

    LintCode(Severity severity) {
        this.severity = severity;
    }

    public Severity severity() {
        return severity;
    }

    /** e.g. {@code trailing_comma_select}. */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }
}
