package dev.schemarag.generation.validation;

import java.util.Set;
import java.util.regex.Pattern;

/** PostgreSQL identifier rules: unquoted names fold to lower case, quoted names keep their exact spelling. */
final class Identifiers {

    private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_$]*");
    /** Reserved words that cannot be used as a bare column name. */
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

    private Identifiers() {}

    /**
     * The identifier as the database sees it: quotes (or SQLite backticks) removed, unquoted text lower-cased the
     * way PostgreSQL does it, ASCII letters only (Java would also fold e.g. the Kelvin sign into an ASCII "k").
     */
    static String normalize(String identifier) {
        if (identifier == null) return null;
        int last = identifier.length() - 1;
        if (last > 0 && identifier.charAt(0) == '"' && identifier.charAt(last) == '"') {
            return identifier.substring(1, last).replace("\"\"", "\"");
        }
        if (last > 0 && identifier.charAt(0) == '`' && identifier.charAt(last) == '`') {
            return identifier.substring(1, last);
        }
        return asciiLowerCase(identifier);
    }

    private static String asciiLowerCase(String text) {
        char[] chars = text.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            if (chars[i] >= 'A' && chars[i] <= 'Z') chars[i] = (char) (chars[i] + ('a' - 'A'));
        }
        return new String(chars);
    }

    static boolean isQuoted(String identifier) {
        return identifier != null
                && !identifier.isEmpty()
                && (identifier.charAt(0) == '"' || identifier.charAt(0) == '`');
    }

    /** SQL text for a resolved name, quoted only when PostgreSQL would otherwise fold or reject it. */
    static String quoteIfNeeded(String name) {
        return PLAIN.matcher(name).matches() && !RESERVED.contains(name) ? name : quote(name);
    }

    static boolean isReserved(String lowerCaseWord) {
        return RESERVED.contains(lowerCaseWord);
    }

    static String quote(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }
}
