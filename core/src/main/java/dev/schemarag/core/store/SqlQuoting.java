package dev.schemarag.core.store;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * Identifiers and literals in SQL text. {@link #identifier} always quotes, for the statements that cannot take bind
 * parameters (role, grant and DDL statements), where an unquoted keyword such as {@code user} would not parse;
 * {@link #identifierIfNeeded} quotes only what PostgreSQL would otherwise fold or reject, for SQL people read.
 */
public final class SqlQuoting {
    private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_$]*");
    /** PostgreSQL's reserved words: none can stand as a bare identifier. */
    private static final Set<String> RESERVED = Set.of(
            "all",
            "analyse",
            "analyze",
            "and",
            "any",
            "array",
            "as",
            "asc",
            "asymmetric",
            "both",
            "case",
            "cast",
            "check",
            "collate",
            "column",
            "constraint",
            "create",
            "current_catalog",
            "current_date",
            "current_role",
            "current_time",
            "current_timestamp",
            "current_user",
            "default",
            "deferrable",
            "desc",
            "distinct",
            "do",
            "else",
            "end",
            "except",
            "false",
            "fetch",
            "for",
            "foreign",
            "from",
            "grant",
            "group",
            "having",
            "in",
            "initially",
            "intersect",
            "into",
            "lateral",
            "leading",
            "limit",
            "localtime",
            "localtimestamp",
            "not",
            "null",
            "offset",
            "on",
            "only",
            "or",
            "order",
            "placing",
            "primary",
            "references",
            "returning",
            "select",
            "session_user",
            "some",
            "symmetric",
            "table",
            "then",
            "to",
            "trailing",
            "true",
            "union",
            "unique",
            "user",
            "using",
            "variadic",
            "when",
            "where",
            "window",
            "with");

    private SqlQuoting() {}

    /** {@code name} bare when PostgreSQL reads it back unchanged, double-quoted otherwise (generated SQL and packets). */
    public static String identifierIfNeeded(String name) {
        return PLAIN.matcher(name).matches() && !RESERVED.contains(name) ? name : identifier(name);
    }

    public static boolean isReserved(String lowerCaseWord) {
        return RESERVED.contains(lowerCaseWord);
    }

    /** {@code name} as a quoted identifier, exactly as spelled (case kept). */
    public static String identifier(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** {@code value} as a string literal; assumes standard_conforming_strings (the default since PostgreSQL 9.1). */
    public static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }
}
