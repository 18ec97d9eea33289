package dev.schemarag.core.store;

/**
 * Quoting for the few statements that cannot take bind parameters (role, grant and DDL statements). Identifiers are
 * always quoted: an unquoted name that happens to be a keyword ({@code user}, {@code order}) would not parse.
 */
public final class SqlQuoting {
    private SqlQuoting() {}

    /** {@code name} as a quoted identifier, exactly as spelled (case kept). */
    public static String identifier(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    /** {@code value} as a string literal; assumes standard_conforming_strings (the default since PostgreSQL 9.1). */
    public static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }
}
