package dev.schemarag.generation.validation;

import java.util.Locale;
import java.util.Optional;

/**
 * The checks every dialect's guard makes of a statement before its lexer reads it, and of the lexer's tokens right
 * after: text that is empty, too long or holds a control character, and a string, name or comment left open.
 */
final class StatementText {
    private StatementText() {}

    /** Why {@code sql} is refused before it is tokenized, if it is. */
    static Optional<String> violation(String sql, StatementLimits limits) {
        if (sql == null || sql.isBlank()) return Optional.of("the SQL is empty");
        if (sql.length() > limits.maxLength()) return limits.violation(sql);
        return sql.chars()
                .filter(c -> Character.isISOControl(c) && c != '\t' && c != '\n' && c != '\r' && c != '\f')
                .mapToObj(c -> String.format(Locale.ROOT, "the control character U+%04X is not allowed", c))
                .findFirst();
    }

    /** Why the tokens are refused when the lexer ended inside a string, a quoted name or a comment. */
    static Optional<String> unclosed(SqlTokens tokens) {
        return tokens.unclosed()
                .map(open -> "unterminated " + open.what().description() + " at position " + open.position());
    }
}
