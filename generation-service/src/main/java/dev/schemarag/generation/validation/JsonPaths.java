package dev.schemarag.generation.validation;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Bounds the jsonpath expressions of a statement. With a constant document PostgreSQL evaluates jsonb_path_exists and
 * the other path functions, and the {@code @?} and {@code @@} operators, while planning, and keeps every item it
 * meets until the statement ends. A filter whose condition walks something other than the current item walks it
 * again for every item: {@code $[*] ? ($[*] ? ($[*] ? (@ < 0) < 0) < 0)} over a 300-element array held 1.2 GB, and
 * {@code $[*] ? ($[*] < 0)} over 3,000 elements 587 MB, both measured on PostgreSQL 15. So a jsonpath must be a
 * string literal where it is used (a path built by an expression could be anything), and that literal may not:
 * <ul>
 *   <li>nest a filter inside a filter;
 *   <li>in a filter, iterate from the root or a variable ({@code $[*]}, {@code $.*}, {@code $v[0 to 9]}; {@code @}
 *       may iterate, it only visits the current item's children);
 *   <li>use {@code .**} inside a filter or more than once (each one multiplies by the document's depth);
 *   <li>list several subscripts ({@code [0, 0, 0]} repeats an item as often as listed);
 *   <li>match a like_regex pattern that {@link RegularExpressions} refuses.
 * </ul>
 */
final class JsonPaths {

    /** The path functions, with the stable _tz variants (not allowlisted; checked all the same). */
    private static final Set<String> PATH_FUNCTIONS = Set.of(
            "jsonb_path_exists",
            "jsonb_path_match",
            "jsonb_path_query",
            "jsonb_path_query_array",
            "jsonb_path_query_first",
            "jsonb_path_exists_tz",
            "jsonb_path_match_tz",
            "jsonb_path_query_tz",
            "jsonb_path_query_array_tz",
            "jsonb_path_query_first_tz");
    /** jsonb @? jsonpath and jsonb @@ jsonpath; @@ also matches text search queries, which pass these rules. */
    private static final Set<String> PATH_OPERATORS = Set.of("@?", "@@");

    private static final String NOT_A_LITERAL = "a jsonpath must be written as a string literal";

    private JsonPaths() {}

    static Optional<String> violation(SqlTokens tokens) {
        for (int i = 0; i + 1 < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            Optional<String> violation = Optional.empty();
            if (token.kind() == SqlToken.Kind.SYMBOL && PATH_OPERATORS.contains(token.text())) {
                violation = literal(tokens, i + 1)
                        .map(literal -> pathViolation(literal.value()))
                        .orElse(Optional.of(NOT_A_LITERAL + " after " + token.text()));
            } else if (token.isIdentifier()
                    && tokens.symbolAt(i + 1, "(")
                    && PATH_FUNCTIONS.contains(token.identifier())) {
                violation = pathArgument(tokens, i + 1)
                        .map(path -> literalArgument(path, tokens.sql())
                                .map(literal -> pathViolation(literal.value()))
                                .orElse(Optional.of(NOT_A_LITERAL + " in " + token.identifier())))
                        .orElse(Optional.empty());
            }
            if (violation.isPresent()) return violation;
        }
        return Optional.empty();
    }

    /** The tokens of the path argument of the call whose "(" is at {@code open}: the one named path, else the second. */
    private static Optional<List<SqlToken>> pathArgument(SqlTokens tokens, int open) {
        List<List<SqlToken>> arguments = tokens.arguments(open);
        for (List<SqlToken> argument : arguments) {
            int named = namedArgumentStart(argument);
            if (named > 0 && argument.get(0).identifier().equals("path")) {
                return Optional.of(argument.subList(named, argument.size()));
            }
        }
        if (arguments.size() < 2 || namedArgumentStart(arguments.get(1)) > 0) return Optional.empty();
        return Optional.of(arguments.get(1));
    }

    /** Where the value of {@code name => value} or {@code name := value} starts, or 0 for a positional argument. */
    private static int namedArgumentStart(List<SqlToken> argument) {
        if (argument.size() < 3 || !argument.get(0).isIdentifier()) return 0;
        if (argument.get(1).isSymbol("=>")) return 2;
        return argument.get(1).isSymbol(":") && argument.get(2).isSymbol("=") ? 3 : 0;
    }

    /** The literal an argument consists of, or empty when the argument is anything else. */
    private static Optional<StringLiterals.Literal> literalArgument(List<SqlToken> argument, String sql) {
        SqlTokens tokens = new SqlTokens(sql, argument, Optional.empty());
        return literal(tokens, 0).filter(literal -> literal.next() == tokens.size());
    }

    /**
     * A string literal at {@code index}, as written for a jsonpath: {@code '...'}, {@code jsonpath '...'},
     * {@code CAST('...' AS jsonpath)} or {@code ('...')}, with any {@code ::type} after it.
     */
    private static Optional<StringLiterals.Literal> literal(SqlTokens tokens, int index) {
        Optional<StringLiterals.Literal> literal;
        if (tokens.symbolAt(index, "(")) {
            int close = tokens.closingParen(index);
            literal = literal(tokens, index + 1)
                    .filter(inner -> inner.next() == close)
                    .map(inner -> new StringLiterals.Literal(inner.value(), close + 1));
        } else if (tokens.wordAt(index, "cast") && tokens.symbolAt(index + 1, "(")) {
            int close = tokens.closingParen(index + 1);
            literal = StringLiterals.at(tokens, index + 2)
                    .filter(inner -> tokens.wordAt(inner.next(), "as") && close > inner.next())
                    .map(inner -> new StringLiterals.Literal(inner.value(), close + 1));
        } else if (tokens.at(index).map(SqlToken::isIdentifier).orElse(false)
                && tokens.at(index + 1)
                        .map(t -> t.kind() == SqlToken.Kind.STRING)
                        .orElse(false)) {
            literal = StringLiterals.at(tokens, index + 1); // a typed literal: jsonpath '...'
        } else {
            literal = StringLiterals.at(tokens, index);
        }
        return literal.map(l -> new StringLiterals.Literal(l.value(), afterCasts(tokens, l.next())));
    }

    private static int afterCasts(SqlTokens tokens, int index) {
        int i = index;
        while (tokens.symbolAt(i, "::")
                && tokens.at(i + 1).map(SqlToken::isIdentifier).orElse(false)) {
            i += 2;
            if (tokens.symbolAt(i, ".")
                    && tokens.at(i + 1).map(SqlToken::isIdentifier).orElse(false)) i += 2;
        }
        return i;
    }

    /** Why the jsonpath text {@code path} is too costly to evaluate, or empty. */
    static Optional<String> pathViolation(String path) {
        Deque<Boolean> parentheses = new ArrayDeque<>(); // true where a filter opened
        int filters = 0;
        int recursiveWildcards = 0;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '"') {
                i = stringEnd(path, i);
            } else if (c == '?' && path.startsWith("(", skipSpaces(path, i + 1))) {
                if (filters > 0) return refused("a filter inside a filter");
                i = skipSpaces(path, i + 1);
                parentheses.push(true);
                filters++;
            } else if (c == '(') {
                parentheses.push(false);
            } else if (c == ')' && !parentheses.isEmpty()) {
                if (parentheses.pop()) filters--;
            } else if (path.startsWith("**", i)) {
                if (filters > 0) return refused(".** inside a filter");
                if (++recursiveWildcards > 1) return refused(".** more than once");
                i++;
            } else if (c == '[' && hasTopLevelComma(path, i)) {
                return refused("a list of several subscripts");
            } else if (c == '$' && filters > 0 && iteratesFrom(path, i + 1)) {
                return refused("a filter that iterates over the root or a variable");
            } else if (path.regionMatches(true, i, "like_regex", 0, "like_regex".length())) {
                int quote = skipSpaces(path, i + "like_regex".length());
                if (quote < path.length() && path.charAt(quote) == '"') {
                    int end = stringEnd(path, quote);
                    Optional<String> regex = RegularExpressions.patternViolation(unescaped(path, quote + 1, end));
                    if (regex.isPresent()) return regex;
                    i = end;
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Whether the accessors after a "$" (the root, or a variable named right after it) can yield several items:
     * a wildcard, a range or list subscript. Key accessors, single subscripts and methods yield one.
     */
    private static boolean iteratesFrom(String path, int from) {
        int i = from;
        if (i < path.length() && path.charAt(i) == '"') i = stringEnd(path, i) + 1;
        while (i < path.length() && isNameChar(path.charAt(i))) i++;
        while (true) {
            i = skipSpaces(path, i);
            if (i >= path.length()) return false;
            char c = path.charAt(i);
            if (c == '.') {
                i = skipSpaces(path, i + 1);
                if (i >= path.length()) return false;
                if (path.charAt(i) == '*') return true;
                if (path.charAt(i) == '"') {
                    i = stringEnd(path, i) + 1;
                } else {
                    while (i < path.length() && isNameChar(path.charAt(i))) i++;
                    if (path.startsWith("(", skipSpaces(path, i))) return false; // a method ends the accessor chain
                }
            } else if (c == '[') {
                int close = bracketEnd(path, i);
                String subscript = path.substring(i + 1, close);
                if (subscript.contains("*") || subscript.contains(",") || subscript.matches("(?s).*\\bto\\b.*")) {
                    return true;
                }
                i = close + 1;
            } else {
                return false;
            }
        }
    }

    private static boolean hasTopLevelComma(String path, int open) {
        int depth = 0;
        for (int i = open + 1; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '"') i = stringEnd(path, i);
            else if (c == '[' || c == '(') depth++;
            else if ((c == ']' || c == ')') && depth-- == 0) return false;
            else if (c == ',' && depth == 0) return true;
        }
        return false;
    }

    private static int bracketEnd(String path, int open) {
        int depth = 0;
        for (int i = open; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '"') i = stringEnd(path, i);
            else if (c == '[') depth++;
            else if (c == ']' && --depth == 0) return i;
        }
        return path.length();
    }

    /** Index of the quote closing the jsonpath string opened at {@code open} (backslash escapes), or the end. */
    private static int stringEnd(String path, int open) {
        for (int i = open + 1; i < path.length(); i++) {
            if (path.charAt(i) == '\\') i++;
            else if (path.charAt(i) == '"') return i;
        }
        return path.length();
    }

    /** A jsonpath string's content with its escaped quotes and backslashes read. */
    private static String unescaped(String path, int from, int to) {
        StringBuilder out = new StringBuilder();
        for (int i = from; i < Math.min(to, path.length()); i++) {
            char c = path.charAt(i);
            if (c == '\\' && i + 1 < to && (path.charAt(i + 1) == '\\' || path.charAt(i + 1) == '"'))
                c = path.charAt(++i);
            out.append(c);
        }
        return out.toString();
    }

    private static int skipSpaces(String path, int from) {
        int i = from;
        while (i < path.length() && Character.isWhitespace(path.charAt(i))) i++;
        return i;
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static Optional<String> refused(String what) {
        return Optional.of("a jsonpath with " + what + " is not allowed");
    }
}
