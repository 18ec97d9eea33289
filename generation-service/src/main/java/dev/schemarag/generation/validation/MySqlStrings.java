package dev.schemarag.generation.validation;

/**
 * The text a MySQL string token stands for (default sql_mode), and the same literal written so that any parser reads
 * it alike: the guard hands JSqlParser a rewritten statement, and a literal there must not end sooner or later than
 * the one MySQL reads, whether or not that parser takes backslashes as escapes.
 */
final class MySqlStrings {

    private MySqlStrings() {}

    /**
     * The decoded text of {@code '...'}, {@code "..."} or a prefixed {@code X'...'}, {@code B'...'}, {@code N'...'}:
     * a doubled quote stands for one, and a backslash escapes the next character ({@code \0 \b \n \r \t \Z} are
     * control characters, {@code \%} and {@code \_} keep their backslash for LIKE).
     */
    static String value(String token) {
        int open = token.charAt(0) == '\'' || token.charAt(0) == '"' ? 0 : 1;
        char quote = token.charAt(open);
        String body = token.substring(open + 1, token.length() - 1);
        StringBuilder out = new StringBuilder(body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == quote && i + 1 < body.length() && body.charAt(i + 1) == quote) {
                out.append(quote);
                i++;
            } else if (c == '\\' && i + 1 < body.length()) {
                out.append(unescaped(body.charAt(++i)));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static String unescaped(char escaped) {
        return switch (escaped) {
            case '0' -> "\0";
            case 'b' -> "\b";
            case 'n' -> "\n";
            case 'r' -> "\r";
            case 't' -> "\t";
            case 'Z' -> "\u001A";
            case '%', '_' -> "\\" + escaped;
            default -> String.valueOf(escaped);
        };
    }

    /**
     * {@code value} as a standard single-quoted literal whose end no parser can misplace: quotes doubled, and
     * backslashes and control characters replaced by a space, since they matter to no structural check.
     */
    static String neutralLiteral(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('\'');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\'') out.append("''");
            else if (c == '\\' || Character.isISOControl(c)) out.append(' ');
            else out.append(c);
        }
        return out.append('\'').toString();
    }
}
