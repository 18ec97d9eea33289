package dev.schemarag.retrieval.packet;

import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** Identifiers and comments as they may appear in PostgreSQL text. */
final class SqlText {
    private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_$]*");
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

    private SqlText() {}

    /** The identifier as written in SQL: bare when PostgreSQL reads it back unchanged, double-quoted otherwise. */
    static String identifier(String name) {
        if (PLAIN.matcher(name).matches() && !RESERVED.contains(name)) return name;
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    static String qualified(TableName table) {
        return identifier(table.schema()) + "." + identifier(table.table());
    }

    static String columnList(List<String> columns) {
        return String.join(", ", columns.stream().map(SqlText::identifier).toList());
    }

    /** A comment on one line, so it cannot end the {@code --} comment it is put in. */
    static String oneLine(String comment) {
        return comment.strip().replaceAll("\\s+", " ");
    }
}
