package dev.schemarag.generation.validation;

import dev.schemarag.generation.validation.SqlToken.Kind;
import dev.schemarag.generation.validation.SqlTokens.Unclosed;
import dev.schemarag.generation.validation.SqlTokens.Unclosed.What;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Splits SQL into tokens following PostgreSQL's lexical rules (scan.l, standard_conforming_strings on): whitespace
 * is space, tab, CR, LF and form feed only; "--" comments end at CR or LF; block comments nest; standard and
 * {@code U&} strings have no backslash escapes, {@code E''} strings do; {@code U&""} is a quoted identifier;
 * a backtick is an operator character; identifiers and dollar-quote tags take any non-ASCII character and tags
 * never start with a digit. The safety guard relies on this lexer rather than on JSqlParser to find statement
 * boundaries, so a semicolon or a call hidden from the parser is still seen the way the database will see it.
 */
final class SqlLexer {

    private static final String OPERATOR_CHARS = "+-*/<>=~!@#%^&|`?";
    private static final String WHITESPACE = " \t\n\r\f";
    private static final Set<String> PUNCTUATION = Set.of(",", "(", ")", "[", "]", ";", ":", "::", ".");

    private final String sql;
    private final List<SqlToken> tokens = new ArrayList<>();
    private int pos;

    private SqlLexer(String sql) {
        this.sql = sql;
    }

    static SqlTokens tokenize(String sql) {
        return new SqlLexer(sql).run();
    }

    private SqlTokens run() {
        while (pos < sql.length()) {
            char c = sql.charAt(pos);
            int start = pos;
            Optional<What> unclosed = Optional.empty();
            if (WHITESPACE.indexOf(c) >= 0) {
                pos++;
            } else if (startsWith("--")) {
                while (pos < sql.length() && sql.charAt(pos) != '\n' && sql.charAt(pos) != '\r') pos++;
            } else if (startsWith("/*")) {
                unclosed = skipBlockComment();
            } else if (c == '\'') {
                unclosed = quoted(start, '\'', false, Kind.STRING, What.STRING);
            } else if ((c == 'E' || c == 'e') && charAt(pos + 1) == '\'') {
                pos++;
                unclosed = quoted(start, '\'', true, Kind.STRING, What.STRING);
            } else if ("bBxXnN".indexOf(c) >= 0 && charAt(pos + 1) == '\'') {
                // B'0101', X'1F' and N'text' are string literals with a one-letter prefix.
                pos++;
                unclosed = quoted(start, '\'', false, Kind.STRING, What.STRING);
            } else if ((c == 'U' || c == 'u') && charAt(pos + 1) == '&' && charAt(pos + 2) == '\'') {
                pos += 2;
                unclosed = quoted(start, '\'', false, Kind.STRING, What.STRING);
            } else if ((c == 'U' || c == 'u') && charAt(pos + 1) == '&' && charAt(pos + 2) == '"') {
                pos += 2;
                unclosed = quoted(start, '"', false, Kind.QUOTED_IDENTIFIER, What.QUOTED_IDENTIFIER);
            } else if (c == '"') {
                unclosed = quoted(start, c, false, Kind.QUOTED_IDENTIFIER, What.QUOTED_IDENTIFIER);
            } else if (c == '$' && isAsciiDigit(charAt(pos + 1))) {
                pos++;
                while (isAsciiDigit(charAt(pos))) pos++;
                add(Kind.PARAMETER, start);
            } else if (c == '$' && dollarTagEnd(pos) > 0) {
                unclosed = dollarQuoted();
            } else if (isIdentifierStart(c)) {
                word();
            } else if (isAsciiDigit(c) || (c == '.' && isAsciiDigit(charAt(pos + 1)))) {
                number();
            } else if (OPERATOR_CHARS.indexOf(c) >= 0) {
                operator();
            } else if (c == ':' && charAt(pos + 1) == ':') {
                pos += 2;
                add(Kind.SYMBOL, start);
            } else {
                pos++;
                add(Kind.SYMBOL, start);
            }
            if (unclosed.isPresent()) {
                return new SqlTokens(sql, tokens, Optional.of(new Unclosed(unclosed.get(), start)));
            }
        }
        return new SqlTokens(sql, tokens, Optional.empty());
    }

    /**
     * Whether a symbol token is punctuation or an operator. Any other character (a control character, a backslash,
     * a brace, a lone dollar) becomes a one-character symbol that PostgreSQL would reject, or from version 16 on
     * reads differently (vertical tab as whitespace), so the guard refuses it rather than guess.
     */
    static boolean isPunctuationOrOperator(SqlToken symbol) {
        return PUNCTUATION.contains(symbol.text())
                || symbol.text().chars().allMatch(c -> OPERATOR_CHARS.indexOf(c) >= 0);
    }

    private Optional<What> skipBlockComment() {
        int depth = 0;
        while (pos < sql.length()) {
            if (startsWith("/*")) {
                depth++;
                pos += 2;
            } else if (startsWith("*/")) {
                pos += 2;
                if (--depth == 0) return Optional.empty();
            } else {
                pos++;
            }
        }
        return Optional.of(What.COMMENT);
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

    /** End offset (exclusive) of a dollar-quote tag such as {@code $$} or {@code $fn$} starting at {@code from}, or -1. */
    private int dollarTagEnd(int from) {
        int i = from + 1;
        if (isIdentifierStart(charAt(i))) {
            while (isIdentifierStart(charAt(i)) || isAsciiDigit(charAt(i))) i++;
        }
        return charAt(i) == '$' ? i + 1 : -1;
    }

    private Optional<What> dollarQuoted() {
        int start = pos;
        int tagEnd = dollarTagEnd(pos);
        String tag = sql.substring(pos, tagEnd);
        int close = sql.indexOf(tag, tagEnd);
        if (close < 0) return Optional.of(What.DOLLAR_STRING);
        pos = close + tag.length();
        add(Kind.STRING, start);
        return Optional.empty();
    }

    private void word() {
        int start = pos;
        while (isIdentifierStart(charAt(pos)) || isAsciiDigit(charAt(pos)) || charAt(pos) == '$') pos++;
        add(Kind.WORD, start);
    }

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
        while (OPERATOR_CHARS.indexOf(charAt(pos)) >= 0 && !startsWith("--") && !startsWith("/*")) pos++;
        if (pos == start) pos++;
        add(Kind.SYMBOL, start);
    }

    /** scan.l's ident_start: an ASCII letter, an underscore or any non-ASCII character. */
    private static boolean isIdentifierStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80;
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
