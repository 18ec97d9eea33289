package dev.schemarag.generation.validation;

import dev.schemarag.generation.validation.SqlToken.Kind;
import dev.schemarag.generation.validation.SqlTokens.Unclosed;
import dev.schemarag.generation.validation.SqlTokens.Unclosed.What;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Splits SQL into tokens following the MySQL and MariaDB lexer (sql_lex.cc) under a given sql_mode: whitespace is
 * space, tab, CR, LF and form feed; {@code #} comments and {@code --} comments end at LF only, and {@code --} opens a
 * comment only when whitespace, a control character or the end of the text follows it ({@code 1--1} is 1 minus minus
 * 1); block comments do not nest, the first {@code *}{@code /} ends them; single- and double-quoted texts are strings
 * with backslash escapes (without ANSI_QUOTES and NO_BACKSLASH_ESCAPES, the default), a doubled quote stands for one;
 * backticks quote identifiers, a doubled backtick stands for one. Unquoted identifiers take ASCII letters, digits,
 * {@code _}, {@code $} and any non-ASCII character. Operators are read by longest match from MySQL's set; anything
 * else is a one-character symbol the guard refuses. Comments are kept aside for the guard to inspect: MySQL runs the
 * text of {@code /*!}, MariaDB that of {@code /*M!}, and {@code /*+} carries optimizer hints.
 */
final class MySqlLexer {

    /** The sql_mode flags that change where tokens end. */
    enum Mode {
        DEFAULT,
        NO_BACKSLASH_ESCAPES,
        ANSI_QUOTES
    }

    /** The tokens, and the comments (with their delimiters) in the order they appear. */
    record Lexed(SqlTokens tokens, List<String> comments) {
        Lexed {
            comments = List.copyOf(comments);
        }
    }

    private static final List<String> OPERATORS = List.of(
            "<=>", "->>", "<=", ">=", "<>", "!=", "<<", ">>", ":=", "||", "&&", "->", "+", "-", "*", "/", "%", "=", "<",
            ">", "!", "~", "^", "&", "|", ",", "(", ")", ";", ".", ":", "@", "?");
    private static final String WHITESPACE = " \t\n\r\f";

    private final String sql;
    private final Mode mode;
    private final List<SqlToken> tokens = new ArrayList<>();
    private final List<String> comments = new ArrayList<>();
    private int pos;

    private MySqlLexer(String sql, Mode mode) {
        this.sql = sql;
        this.mode = mode;
    }

    static Lexed tokenize(String sql) {
        return tokenize(sql, Mode.DEFAULT);
    }

    static Lexed tokenize(String sql, Mode mode) {
        return new MySqlLexer(sql, mode).run();
    }

    private Lexed run() {
        while (pos < sql.length()) {
            char c = sql.charAt(pos);
            int start = pos;
            Optional<What> unclosed = Optional.empty();
            if (WHITESPACE.indexOf(c) >= 0) {
                pos++;
            } else if (c == '#' || startsWith("--") && opensDashComment(charAt(pos + 2))) {
                lineComment();
            } else if (startsWith("/*")) {
                unclosed = blockComment();
            } else if (c == '\'') {
                unclosed = quoted(start, '\'', mode != Mode.NO_BACKSLASH_ESCAPES, Kind.STRING, What.STRING);
            } else if (c == '"' && mode == Mode.ANSI_QUOTES) {
                unclosed = quoted(start, '"', false, Kind.QUOTED_IDENTIFIER, What.QUOTED_IDENTIFIER);
            } else if (c == '"') {
                unclosed = quoted(start, '"', mode != Mode.NO_BACKSLASH_ESCAPES, Kind.STRING, What.STRING);
            } else if (c == '`') {
                unclosed = quoted(start, '`', false, Kind.QUOTED_IDENTIFIER, What.QUOTED_IDENTIFIER);
            } else if ("bBxXnN".indexOf(c) >= 0 && charAt(pos + 1) == '\'') {
                // B'0101', X'1F' and N'text': string literals with a one-letter prefix.
                pos++;
                unclosed = quoted(start, '\'', mode != Mode.NO_BACKSLASH_ESCAPES, Kind.STRING, What.STRING);
            } else if (isIdentifierStart(c)) {
                word();
            } else if (isAsciiDigit(c) || (c == '.' && isAsciiDigit(charAt(pos + 1)))) {
                number();
            } else {
                operator();
            }
            if (unclosed.isPresent()) {
                return new Lexed(
                        new SqlTokens(sql, tokens, Optional.of(new Unclosed(unclosed.get(), start))), comments);
            }
        }
        return new Lexed(new SqlTokens(sql, tokens, Optional.empty()), comments);
    }

    /** sql_lex.cc: "--" starts a comment when followed by a space or control character, or at the end of the text. */
    private static boolean opensDashComment(char next) {
        return next == '\0' || next == ' ' || Character.isISOControl(next);
    }

    private void lineComment() {
        int start = pos;
        while (pos < sql.length() && sql.charAt(pos) != '\n') pos++;
        comments.add(sql.substring(start, pos));
    }

    private Optional<What> blockComment() {
        int close = sql.indexOf("*/", pos + 2);
        if (close < 0) return Optional.of(What.COMMENT);
        comments.add(sql.substring(pos, close + 2));
        pos = close + 2;
        return Optional.empty();
    }

    /** Reads a literal delimited by {@code quote} from the opening quote at pos; a doubled quote escapes a quote. */
    private Optional<What> quoted(int start, char quote, boolean backslashEscapes, Kind kind, What what) {
        pos++;
        while (pos < sql.length()) {
            char c = sql.charAt(pos);
            if (backslashEscapes && c == '\\') {
                pos += 2;
            } else if (c == quote && charAt(pos + 1) == quote) {
                pos += 2;
            } else if (c == quote) {
                pos++;
                add(kind, start);
                return Optional.empty();
            } else {
                pos++;
            }
        }
        return Optional.of(what);
    }

    private void word() {
        int start = pos;
        while (isIdentifierStart(charAt(pos)) || isAsciiDigit(charAt(pos))) pos++;
        add(Kind.WORD, start);
    }

    /**
     * A run of digits with whatever letters, dots and exponent signs follow: MySQL reads {@code 1e5}, {@code 0x1F}
     * and {@code 1.5} as numbers but {@code 1abc} as an identifier, which {@link MySqlReadOnlyGuard} refuses rather
     * than tell apart.
     */
    private void number() {
        int start = pos;
        while (isIdentifierStart(charAt(pos))
                || isAsciiDigit(charAt(pos))
                || charAt(pos) == '.'
                || ((charAt(pos) == '+' || charAt(pos) == '-') && (charAt(pos - 1) == 'e' || charAt(pos - 1) == 'E'))) {
            pos++;
        }
        add(Kind.NUMBER, start);
    }

    private void operator() {
        int start = pos;
        String operator =
                OPERATORS.stream().filter(this::startsWith).findFirst().orElse(null);
        pos += operator == null ? 1 : operator.length();
        add(Kind.SYMBOL, start);
    }

    /** An ASCII letter, {@code _}, {@code $} or any non-ASCII character. */
    private static boolean isIdentifierStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c >= 0x80;
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private void add(Kind kind, int start) {
        tokens.add(new SqlToken(kind, sql.substring(start, pos), start, pos));
    }

    private boolean startsWith(String prefix) {
        return sql.startsWith(prefix, pos);
    }

    private char charAt(int index) {
        return index >= 0 && index < sql.length() ? sql.charAt(index) : '\0';
    }
}
