package dev.schemarag.generation.validation;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What {@link MySqlReadOnlyGuard} refuses on the text and its tokens before anything parses it: comments the server
 * executes or obeys, texts that another sql_mode would split differently, and every word or symbol that writes,
 * locks, reads files or session state, or runs a second statement.
 */
final class MySqlLexicalRules {

    private static final Set<String> QUERY_STARTS = Set.of("select", "with");
    private static final Set<String> ROW_LOCK_MODES = Set.of("update", "share");
    private static final Set<String> OPERATORS = Set.of(
            ",", "(", ")", ";", ".", "+", "-", "*", "/", "%", "=", "<", ">", "<=", ">=", "<>", "!=", "<=>", "<<", ">>",
            "!", "~", "^", "&", "|", "&&", "->", "->>");
    /** Decimal, exponent, hexadecimal and binary numbers; MySQL reads any other digit-led word as an identifier. */
    private static final Pattern NUMBER =
            Pattern.compile("(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?|0x[0-9a-fA-F]+|0b[01]+");

    private MySqlLexicalRules() {}

    /**
     * Comments MySQL or MariaDB do not ignore: {@code /*!...*}{@code /} and {@code /*M!...*}{@code /} are executed as
     * SQL, and {@code /*+...*}{@code /} optimizer hints are refused too, since SET_VAR and MAX_EXECUTION_TIME override
     * the reader's session limits for the statement and no answer needs a hint. A {@code /*} inside a block comment
     * and a CR inside a line comment are refused because versions and clients disagree on where those comments end.
     */
    static Optional<String> commentViolation(List<String> comments) {
        for (String comment : comments) {
            String upper = comment.toUpperCase(Locale.ROOT);
            if (upper.startsWith("/*!") || upper.startsWith("/*M!")) {
                return Optional.of("executable comments (/*! ... */, /*M! ... */) are not allowed");
            }
            if (upper.startsWith("/*+")) return Optional.of("optimizer hints (/*+ ... */) are not allowed");
            if (upper.startsWith("/*") && upper.indexOf("/*", 2) >= 0) {
                return Optional.of("a /* inside a block comment is not allowed (nesting differs between versions)");
            }
            if (!upper.startsWith("/*") && comment.indexOf('\r') >= 0) {
                return Optional.of("a carriage return inside a line comment is not allowed");
            }
        }
        return Optional.empty();
    }

    /**
     * The guard reads the text under the default sql_mode; the reader's session may run another. Where
     * NO_BACKSLASH_ESCAPES or ANSI_QUOTES would end a literal elsewhere ({@code 'it\'s'} is one string by default,
     * a string and a stray quote without backslash escapes), the text is refused rather than guessed.
     */
    static Optional<String> modeViolation(String sql, SqlTokens tokens) {
        for (MySqlLexer.Mode mode : List.of(MySqlLexer.Mode.NO_BACKSLASH_ESCAPES, MySqlLexer.Mode.ANSI_QUOTES)) {
            SqlTokens other = MySqlLexer.tokenize(sql, mode).tokens();
            if (!sameBoundaries(tokens, other)) {
                return Optional.of("the text splits differently under sql_mode " + mode
                        + " (write a quote inside a string as two quotes, not with a backslash)");
            }
        }
        return Optional.empty();
    }

    private static boolean sameBoundaries(SqlTokens a, SqlTokens b) {
        if (a.size() != b.size() || a.unclosed().isPresent() != b.unclosed().isPresent()) return false;
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).start() != b.get(i).start()
                    || a.get(i).end() != b.get(i).end()) return false;
        }
        return true;
    }

    /** The first token-level refusal in one statement's tokens (its trailing semicolon removed). */
    static Optional<String> tokenViolation(SqlTokens tokens) {
        SqlToken first = tokens.get(0);
        if (!first.isWordIn(QUERY_STARTS) && !first.isSymbol("(")) {
            return Optional.of(
                    "only SELECT queries are allowed, not " + first.text().toUpperCase(Locale.ROOT));
        }
        for (int i = 0; i < tokens.size(); i++) {
            Optional<String> violation = violation(tokens, i);
            if (violation.isPresent()) return violation;
        }
        return Optional.empty();
    }

    private static Optional<String> violation(SqlTokens tokens, int i) {
        SqlToken token = tokens.get(i);
        Optional<SqlToken> next = tokens.at(i + 1);
        switch (token.kind()) {
            case SYMBOL -> {
                return symbolViolation(token.text());
            }
            case NUMBER -> {
                return NUMBER.matcher(token.text()).matches()
                        ? Optional.empty()
                        : Optional.of("\"" + token.text() + "\" is neither a number nor an identifier MySQL reads"
                                + " the same way everywhere; quote identifiers that start with a digit");
            }
            case WORD -> {
                String word = token.text().toLowerCase(Locale.ROOT);
                return switch (word) {
                    case "into" -> Optional.of("SELECT ... INTO (OUTFILE, DUMPFILE, variables) is not allowed");
                    case "for" ->
                        next.map(t -> t.isWordIn(ROW_LOCK_MODES)).orElse(false)
                                ? Optional.of("row locking (FOR UPDATE/SHARE) is not allowed")
                                : Optional.empty();
                    case "lock" ->
                        tokens.wordAt(i + 1, "in")
                                ? Optional.of("row locking (LOCK IN SHARE MODE) is not allowed")
                                : Optional.empty();
                    case "procedure" -> Optional.of("SELECT ... PROCEDURE is not allowed");
                    case "delimiter" -> Optional.of("DELIMITER is a client command, not SQL; it is not allowed");
                    case "next", "previous" ->
                        tokens.wordAt(i + 1, "value")
                                ? Optional.of("sequence access (NEXT/PREVIOUS VALUE FOR) is not allowed")
                                : Optional.empty();
                    default -> Optional.empty();
                };
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    private static Optional<String> symbolViolation(String symbol) {
        if (OPERATORS.contains(symbol)) return Optional.empty();
        return Optional.of(
                switch (symbol) {
                    case "@" -> "user and system variables (@x, @@x) are not allowed";
                    case ":=", ":" -> "variable assignment (:=) is not allowed";
                    case "||" ->
                        "|| is OR or concatenation depending on sql_mode PIPES_AS_CONCAT; write OR or CONCAT()";
                    case "?" -> "parameter placeholders (?) are not allowed";
                    default -> "the character \"" + symbol + "\" is not allowed outside literals and comments";
                });
    }
}
