package dev.schemarag.generation.validation;

import java.util.Optional;

/**
 * The text a string literal token stands for, as PostgreSQL reads it with standard_conforming_strings on. Checks that
 * read a literal's content (a jsonpath, a regular expression) must see what the server sees: in {@code E'\x3f'} the
 * server sees "?", and {@code 'a'} and {@code 'b'} on two lines are one literal "ab".
 */
final class StringLiterals {

    /** A literal's text and the index of the token after it. */
    record Literal(String value, int next) {}

    private StringLiterals() {}

    /**
     * The literal starting at token {@code index}: a string token and the ones right after it, which PostgreSQL joins
     * when a newline separates them (joined here in any case: without the newline the server refuses the text).
     * Empty when the token is not a string or its text cannot be decoded here (a U&amp; literal with UESCAPE).
     */
    static Optional<Literal> at(SqlTokens tokens, int index) {
        StringBuilder value = new StringBuilder();
        int i = index;
        while (i < tokens.size() && tokens.get(i).kind() == SqlToken.Kind.STRING) {
            Optional<String> part = value(tokens.get(i).text());
            if (part.isEmpty()) return Optional.empty();
            value.append(part.get());
            i++;
        }
        if (i == index || tokens.wordAt(i, "uescape")) return Optional.empty();
        return Optional.of(new Literal(value.toString(), i));
    }

    /** The decoded text of one string token: '...', E'...', U&amp;'...', $tag$...$tag$, or a B, X or N prefix. */
    static Optional<String> value(String token) {
        if (token.startsWith("$")) {
            int tagEnd = token.indexOf('$', 1) + 1;
            return Optional.of(token.substring(tagEnd, token.length() - tagEnd));
        }
        char prefix = Character.toUpperCase(token.charAt(0));
        if (prefix == 'E') return Optional.of(escaped(token.substring(2, token.length() - 1)));
        if (prefix == 'U') return unicodeEscaped(body(token.substring(2)));
        if (prefix == 'B' || prefix == 'X' || prefix == 'N') return Optional.of(body(token.substring(1)));
        return Optional.of(body(token));
    }

    /** Between the quotes, a doubled quote read as one. */
    private static String body(String quoted) {
        return quoted.substring(1, quoted.length() - 1).replace("''", "'");
    }

    /**
     * The body of E'...': a doubled quote, and the escapes \b \f \n \r \t, octal \o to \ooo, hex \xh and \xhh,
     * \\uXXXX and \\UXXXXXXXX; a backslash before any other character stands for that character.
     */
    private static String escaped(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\'' && i + 1 < text.length() && text.charAt(i + 1) == '\'') {
                out.append('\'');
                i++;
                continue;
            }
            if (c != '\\' || i + 1 == text.length()) {
                out.append(c);
                continue;
            }
            char next = text.charAt(++i);
            int after =
                    switch (next) {
                        case 'x' -> appendCode(text, i + 1, 2, 16, out);
                        case 'u' -> appendCode(text, i + 1, 4, 16, out);
                        case 'U' -> appendCode(text, i + 1, 8, 16, out);
                        case '0', '1', '2', '3', '4', '5', '6', '7' -> appendCode(text, i, 3, 8, out);
                        default -> -1;
                    };
            if (after > 0) {
                i = after - 1;
            } else {
                out.append(
                        switch (next) {
                            case 'b' -> '\b';
                            case 'f' -> '\f';
                            case 'n' -> '\n';
                            case 'r' -> '\r';
                            case 't' -> '\t';
                            default -> next;
                        });
            }
        }
        return out.toString();
    }

    /** U&amp;'...' escapes with the default escape character: \XXXX, \+XXXXXX and \\. */
    private static Optional<String> unicodeEscaped(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\' || i + 1 == text.length()) {
                out.append(c);
            } else if (text.charAt(i + 1) == '\\') {
                out.append('\\');
                i++;
            } else {
                boolean plus = text.charAt(i + 1) == '+';
                int after = appendCode(text, plus ? i + 2 : i + 1, plus ? 6 : 4, 16, out);
                if (after < 0) return Optional.empty(); // the server refuses an incomplete escape
                i = after - 1;
            }
        }
        return Optional.of(out.toString());
    }

    /**
     * Appends the code point written with up to {@code digits} digits from {@code from} and returns the index after
     * them, or -1 when no digit follows.
     */
    private static int appendCode(String text, int from, int digits, int radix, StringBuilder out) {
        int end = from;
        while (end < text.length() && end - from < digits && Character.digit(text.charAt(end), radix) >= 0) end++;
        if (end == from) return -1;
        int code = Integer.parseInt(text.substring(from, end), radix);
        if (Character.isValidCodePoint(code)) out.appendCodePoint(code);
        return end;
    }
}
