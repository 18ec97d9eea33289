package dev.schemarag.demo;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits PostgreSQL script text the way psql would for the constructs the demo files use: statements end at a
 * semicolon outside string literals ({@code '…'} with {@code ''} inside), quoted names ({@code "…"}), dollar-quoted bodies ({@code $$…$$}),
 * parentheses and {@code --} comments. Comments are dropped and, outside literals, runs of whitespace become one
 * space.
 */
final class SqlScript {
    private SqlScript() {}

    /** The statements of {@code script}, without their semicolons. */
    static List<String> statements(String script) {
        List<String> statements = new ArrayList<>();
        for (String statement : split(script, ';')) {
            if (!statement.isEmpty()) statements.add(statement);
        }
        return statements;
    }

    /** {@code text} split at {@code separator} outside literals and parentheses, each part trimmed. */
    static List<String> splitTopLevel(String text, char separator) {
        return split(text, separator);
    }

    /** The text of a {@code '…'} literal. */
    static String unquote(String literal) {
        if (literal.length() < 2 || literal.charAt(0) != '\'' || literal.charAt(literal.length() - 1) != '\'')
            throw new IllegalArgumentException("not a string literal: " + literal);
        String inner = literal.substring(1, literal.length() - 1);
        if (inner.replace("''", "").contains("'"))
            throw new IllegalArgumentException("not one string literal: " + literal);
        return inner.replace("''", "'");
    }

    private static List<String> split(String text, char separator) {
        List<String> parts = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int depth = 0;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"') {
                int end = endOfQuoted(text, i, c);
                current.append(text, i, end);
                i = end;
            } else if (c == '$' && text.startsWith("$$", i)) {
                int end = text.indexOf("$$", i + 2);
                if (end < 0) throw new IllegalArgumentException("unterminated $$ body at offset " + i);
                current.append(text.substring(i, end + 2).replaceAll("\\s+", " "));
                i = end + 2;
            } else if (c == '-' && text.startsWith("--", i)) {
                int end = text.indexOf('\n', i);
                i = end < 0 ? text.length() : end;
            } else {
                if (c == '(') depth++;
                if (c == ')') depth--;
                if (c == separator && depth == 0) {
                    parts.add(normalized(current));
                    current.setLength(0);
                } else if (!Character.isWhitespace(c)) {
                    current.append(c);
                } else if (!current.isEmpty() && current.charAt(current.length() - 1) != ' ') {
                    current.append(' ');
                }
                i++;
            }
        }
        if (depth != 0) throw new IllegalArgumentException("unbalanced parentheses in: " + text);
        parts.add(normalized(current));
        return parts;
    }

    /** The end of a literal or quoted name opened at {@code start} by {@code quote}, doubled inside. */
    private static int endOfQuoted(String text, int start, char quote) {
        int i = start + 1;
        while (i < text.length()) {
            if (text.charAt(i) == quote) {
                if (i + 1 < text.length() && text.charAt(i + 1) == quote) i += 2;
                else return i + 1;
            } else i++;
        }
        throw new IllegalArgumentException(
                (quote == '"' ? "unterminated quoted name" : "unterminated string literal") + " at offset " + start);
    }

    private static String normalized(StringBuilder part) {
        return part.toString().strip();
    }
}
