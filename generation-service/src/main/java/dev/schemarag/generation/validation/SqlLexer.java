package dev.schemarag.generation.validation;

import dev.schemarag.generation.validation.SqlToken.Kind;
import dev.schemarag.generation.validation.SqlTokens.Unclosed;
import dev.schemarag.generation.validation.SqlTokens.Unclosed.What;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Splits SQL into tokens following PostgreSQL's lexical rules (standard strings without backslash escapes,
 * E'' strings with them, dollar quoting, nested block comments). The safety guard relies on this lexer rather
 * than on JSqlParser to find statement boundaries, so a semicolon or a call hidden from the parser is still seen
 * the way the database will see it.
 */
final class SqlLexer {

    private static final String OPERATOR_CHARS = "+-*/<>=~!@#%^&|`?";

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
            if (Character.isWhitespace(c)) {
                pos++;
            } else if (startsWith("--")) {
                int eol = sql.indexOf('\n', pos);
                pos = eol < 0 ? sql.length() : eol + 1;
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
            } else if (c == '"' || c == '`') {
                unclosed = quoted(start, c, false, Kind.QUOTED_IDENTIFIER, What.QUOTED_IDENTIFIER);
            } else if (c == '$' && Character.isDigit(charAt(pos + 1))) {
                pos++;
                while (Character.isDigit(charAt(pos))) pos++;
                add(Kind.PARAMETER, start);
            } else if (c == '$' && dollarTagEnd(pos) > 0) {
                unclosed = dollarQuoted();
            } else if (Character.isLetter(c) || c == '_') {
                word();
            } else if (Character.isDigit(c) || (c == '.' && Character.isDigit(charAt(pos + 1)))) {
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
        if (Character.isLetter(charAt(i)) || charAt(i) == '_') {
            while (Character.isLetterOrDigit(charAt(i)) || charAt(i) == '_') i++;
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
        while (Character.isLetterOrDigit(charAt(pos)) || charAt(pos) == '_' || charAt(pos) == '$') pos++;
        add(Kind.WORD, start);
    }

    private void number() {
        int start = pos;
        while (Character.isLetterOrDigit(charAt(pos)) || charAt(pos) == '.' || charAt(pos) == '_'
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
