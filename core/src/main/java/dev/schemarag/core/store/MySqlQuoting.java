package dev.schemarag.core.store;

/**
 * Identifiers and string literals in MySQL/MariaDB SQL text, for statements that cannot take bind parameters (DDL,
 * users and grants). Literals escape the backslash too, which MySQL reads as an escape character in its default
 * {@code sql_mode} (the one the connections that run these statements have: without {@code NO_BACKSLASH_ESCAPES}).
 */
public final class MySqlQuoting {
    private MySqlQuoting() {}

    /** A backtick-quoted identifier; a backtick inside is doubled. */
    public static String identifier(String name) {
        if (name == null || name.isEmpty() || name.indexOf('\0') >= 0)
            throw new IllegalArgumentException("not a MySQL identifier: " + name);
        return "`" + name.replace("`", "``") + "`";
    }

    /** A single-quoted string literal that means {@code text} in the default sql_mode. */
    public static String literal(String text) {
        if (text.indexOf('\0') >= 0) throw new IllegalArgumentException("a MySQL literal cannot hold NUL");
        StringBuilder quoted = new StringBuilder(text.length() + 2).append('\'');
        for (char c : text.toCharArray()) {
            if (c == '\'') quoted.append("''");
            else if (c == '\\') quoted.append("\\\\");
            else quoted.append(c);
        }
        return quoted.append('\'').toString();
    }
}
