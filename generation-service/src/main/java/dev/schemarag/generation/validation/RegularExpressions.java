package dev.schemarag.generation.validation;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.Set;

/**
 * Bounds the regular expressions a statement can make the server compile. PostgreSQL's engine (Henry Spencer's
 * DFA/NFA hybrid) does not backtrack exponentially on nested quantifiers, checks for cancellation while it compiles
 * and matches, and gives up on a pattern whose automaton outgrows a fixed limit ("regular expression is too
 * complex"). What it spends up to that limit is the cost left: a counted repetition copies its operand and nested
 * ones multiply, so {@code '((a{1,255}){1,255}){1,255}'} took 2 s and 176 MB before being refused, and a match of
 * constants runs while planning, under EXPLAIN. So the product of nested repetition counts is capped at
 * {@link #MAX_NESTED_REPETITION}, ample for {@code '\d{3}-\d{4}'} or {@code '([A-Z]{2}[0-9]{2}){3}'}; quantifiers
 * without a count, alternation and back-references are left to the server.
 * <p>
 * A derived table or CTE can carry a pattern to the operator that uses it, so once a statement matches a regular
 * expression anywhere (~, ~*, !~, !~*, SIMILAR TO, the regexp_ functions, substring), each of its string literals is
 * read as a pattern. jsonpath's like_regex patterns are checked through {@link JsonPaths}.
 */
final class RegularExpressions {

    static final int MAX_NESTED_REPETITION = 1_000;

    private static final Set<String> MATCH_OPERATORS = Set.of("~", "~*", "!~", "!~*");

    private RegularExpressions() {}

    static Optional<String> violation(SqlTokens tokens) {
        if (!matchesAnywhere(tokens)) return Optional.empty();
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i).kind() != SqlToken.Kind.STRING
                    || tokens.at(i - 1)
                            .map(t -> t.kind() == SqlToken.Kind.STRING)
                            .orElse(false)) {
                continue;
            }
            Optional<String> violation =
                    StringLiterals.at(tokens, i).flatMap(literal -> patternViolation(literal.value()));
            if (violation.isPresent()) return violation;
        }
        return Optional.empty();
    }

    private static boolean matchesAnywhere(SqlTokens tokens) {
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (token.kind() == SqlToken.Kind.SYMBOL && MATCH_OPERATORS.contains(token.text())) return true;
            if (token.isWord("similar")) return true;
            if (token.isIdentifier() && tokens.symbolAt(i + 1, "(")) {
                String name = token.identifier();
                if (name.startsWith("regexp_") || name.equals("substring")) return true;
            }
        }
        return false;
    }

    /** Why {@code pattern} is too costly to compile, or empty. */
    static Optional<String> patternViolation(String pattern) {
        long product = largestNestedRepetition(pattern);
        if (product <= MAX_NESTED_REPETITION) return Optional.empty();
        return Optional.of("a regular expression whose nested repetition counts multiply to more than "
                + MAX_NESTED_REPETITION + " is not allowed");
    }

    /**
     * The largest product of repetition counts ({@code {n}}, {@code {n,}}, {@code {n,m}}) along one nesting of groups.
     * Escaped characters and bracket expressions are atoms; a text that is not a valid pattern is measured all the
     * same, since the server refuses it anyway.
     */
    static long largestNestedRepetition(String pattern) {
        Deque<long[]> groups = new ArrayDeque<>(); // per open group: {largest product inside}
        long[] current = {1};
        long lastAtom = 1;
        long largest = 1;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
                lastAtom = 1;
            } else if (c == '[') {
                i = bracketEnd(pattern, i);
                lastAtom = 1;
            } else if (c == '(') {
                groups.push(current);
                current = new long[] {1};
            } else if (c == ')' && !groups.isEmpty()) {
                lastAtom = current[0];
                current = groups.pop();
                current[0] = Math.max(current[0], lastAtom);
            } else if (c == '{' && boundEnd(pattern, i) > 0) {
                int end = boundEnd(pattern, i);
                lastAtom = multiply(lastAtom, bound(pattern.substring(i + 1, end)));
                current[0] = Math.max(current[0], lastAtom);
                largest = Math.max(largest, lastAtom);
                i = end;
            } else if (c != '*' && c != '+' && c != '?') {
                lastAtom = 1;
            }
        }
        while (!groups.isEmpty()) largest = Math.max(largest, groups.pop()[0]);
        return Math.max(largest, current[0]);
    }

    /** Index of the "}" closing a bound {n}, {n,} or {n,m} opened at {@code open}, or -1 when it is no bound. */
    private static int boundEnd(String pattern, int open) {
        int i = open + 1;
        int digits = 0;
        while (i < pattern.length() && (Character.isDigit(pattern.charAt(i)) || pattern.charAt(i) == ',')) {
            if (Character.isDigit(pattern.charAt(i))) digits++;
            i++;
        }
        return digits > 0 && i < pattern.length() && pattern.charAt(i) == '}' ? i : -1;
    }

    /** The larger count of a bound's text "n", "n," or "n,m". */
    private static long bound(String counts) {
        long largest = 0;
        for (String count : counts.split(",")) {
            if (count.isEmpty()) continue;
            largest = Math.max(largest, count.length() > 12 ? Long.MAX_VALUE / 4 : Long.parseLong(count));
        }
        return Math.max(largest, 1);
    }

    /** Index of the "]" ending the bracket expression opened at {@code open} (a leading "]" or "^]" is literal). */
    private static int bracketEnd(String pattern, int open) {
        int i = open + 1;
        if (i < pattern.length() && pattern.charAt(i) == '^') i++;
        if (i < pattern.length() && pattern.charAt(i) == ']') i++;
        while (i < pattern.length() && pattern.charAt(i) != ']') {
            if (pattern.charAt(i) == '[' && i + 1 < pattern.length() && ":.=".indexOf(pattern.charAt(i + 1)) >= 0) {
                int close = pattern.indexOf(pattern.charAt(i + 1) + "]", i + 2);
                i = close < 0 ? pattern.length() : close + 2;
            } else {
                i++;
            }
        }
        return i;
    }

    private static long multiply(long a, long b) {
        return a > Long.MAX_VALUE / 4 / b ? Long.MAX_VALUE / 4 : a * b;
    }
}
