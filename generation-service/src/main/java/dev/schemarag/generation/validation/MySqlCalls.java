package dev.schemarag.generation.validation;

import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The function calls of a MySQL statement, read on its tokens: every {@code name(} must be a keyword, an allowlisted
 * built-in ({@link MySqlFunctions}) or a name the statement declares with a column list ({@code WITH t(a) AS},
 * {@code AS t(a)}); qualified calls ({@code db.f()}) are stored functions and refused, and so is a space or comment
 * between a name and its "(": MySQL then reads some built-in names (COUNT, SUM, NOW...) as identifiers, and the call
 * as one to a stored or loadable function of that name. Calls that can enlarge their input share the PostgreSQL
 * guard's budget ({@link AmplifyingCalls}): a literal size of at most 1,000 for REPEAT, SPACE, LPAD, RPAD and
 * BINARY(n), and at most 1,000,000 for the product of every enlarging call's factor and the longest string literal.
 * Regular expressions get the same cap on nested repetition counts ({@link RegularExpressions}).
 */
final class MySqlCalls {

    /**
     * Reserved words that may stand before "(" as syntax and name no function ({@code IN (}, {@code OVER (},
     * {@code USE INDEX (}); a backticked name is never one of them.
     */
    static final Set<String> PAREN_KEYWORDS = Set.of(
            "all",
            "and",
            "any",
            "as",
            "between",
            "by",
            "case",
            "distinct",
            "div",
            "else",
            "except",
            "exists",
            "from",
            "having",
            "in",
            "index",
            "intersect",
            "interval",
            "is",
            "join",
            "key",
            "lateral",
            "like",
            "match",
            "not",
            "on",
            "or",
            "over",
            "partition",
            "recursive",
            "regexp",
            "rlike",
            "row",
            "select",
            "some",
            "straight_join",
            "then",
            "union",
            "using",
            "values",
            "when",
            "where",
            "window",
            "with",
            "xor");

    private MySqlCalls() {}

    static Optional<String> violation(SqlTokens tokens, Set<String> definedNames) {
        BigInteger output = BigInteger.ONE;
        for (int i = 0; i + 1 < tokens.size(); i++) {
            SqlToken token = tokens.get(i);
            if (!token.isIdentifier() || !tokens.symbolAt(i + 1, "(")) continue;
            if (isKeyword(tokens, i)) continue;
            String name = name(token);
            if (tokens.symbolAt(i - 1, ".")) {
                return Optional.of("stored function calls (" + name + " qualified by a schema) are not allowed");
            }
            if (definedNames.contains(name) && isNameDefinition(tokens, i)) continue;
            if (!MySqlFunctions.isAllowed(name)) return Optional.of("function " + name + " is not allowed");
            if (token.end() != tokens.get(i + 1).start()) {
                return Optional.of("a space or comment between the function name " + name + " and its ( is not allowed"
                        + " (MySQL may then call a stored function of that name)");
            }
            Optional<BigInteger> factor = factor(tokens, i, name);
            if (factor.isEmpty()) {
                return Optional.of("repeat, space, lpad, rpad and binary need a literal size of at most "
                        + AmplifyingCalls.MAX_SIZE + " (" + name + ")");
            }
            output = output.multiply(factor.get());
        }
        if (!output.equals(BigInteger.ONE)) {
            output = output.multiply(BigInteger.valueOf(longestLiteral(tokens)));
            if (output.compareTo(BigInteger.valueOf(AmplifyingCalls.MAX_STATEMENT_OUTPUT)) > 0) {
                return Optional.of("size-amplifying calls (repeat, lpad, replace, concat, ...) that together could"
                        + " produce more than " + AmplifyingCalls.MAX_STATEMENT_OUTPUT + " characters are not allowed");
            }
        }
        return regularExpressionViolation(tokens);
    }

    /** A function name as MySQL resolves a built-in: backticks removed, a doubled backtick read as one, any case. */
    static String name(SqlToken identifier) {
        String text = identifier.text();
        if (identifier.kind() == SqlToken.Kind.QUOTED_IDENTIFIER) {
            text = text.substring(1, text.length() - 1).replace("``", "`");
        }
        return lowerCase(text);
    }

    /**
     * ASCII letters lower-cased, nothing else: MySQL folds only ASCII when it matches keywords and built-in names, and
     * Java would also fold the Kelvin sign into "k", making {@code \u212Aey(} look like the keyword KEY.
     */
    static String lowerCase(String text) {
        char[] chars = text.toCharArray();
        for (int i = 0; i < chars.length; i++) {
            if (chars[i] >= 'A' && chars[i] <= 'Z') chars[i] = (char) (chars[i] + ('a' - 'A'));
        }
        return new String(chars);
    }

    /** A reserved word before "(", or AGAINST right after MATCH's column list: {@code MATCH (a) AGAINST ('x')}. */
    private static boolean isKeyword(SqlTokens tokens, int index) {
        SqlToken token = tokens.get(index);
        if (token.kind() != SqlToken.Kind.WORD) return false;
        String word = lowerCase(token.text());
        return PAREN_KEYWORDS.contains(word) || word.equals("against") && tokens.symbolAt(index - 1, ")");
    }

    /**
     * Whether the declared name at {@code index} is being declared, not called: after WITH, RECURSIVE or AS, after
     * the ")" of a derived table, or after a comma when its column list is followed by {@code AS (} (the next CTE).
     */
    private static boolean isNameDefinition(SqlTokens tokens, int index) {
        if (tokens.wordAt(index - 1, "with") || tokens.wordAt(index - 1, "recursive") || tokens.wordAt(index - 1, "as"))
            return true;
        if (tokens.symbolAt(index - 1, ")")) return true;
        int close = tokens.closingParen(index + 1);
        return tokens.symbolAt(index - 1, ",")
                && close > 0
                && tokens.wordAt(close + 1, "as")
                && tokens.symbolAt(close + 2, "(");
    }

    /** How many times the call at {@code index} can multiply its input; empty when its size is not a small literal. */
    private static Optional<BigInteger> factor(SqlTokens tokens, int index, String name) {
        List<List<SqlToken>> arguments = tokens.arguments(index + 1);
        if (MySqlFunctions.isSized(name)) {
            int position = MySqlFunctions.sizeArgument(name);
            if (arguments.size() <= position) return Optional.of(BigInteger.ONE); // the server refuses the call
            List<SqlToken> size = arguments.get(position);
            if (size.size() != 1 || !size.get(0).text().matches("\\d{1,4}")) return Optional.empty();
            int value = Integer.parseInt(size.get(0).text());
            return value <= AmplifyingCalls.MAX_SIZE
                    ? Optional.of(BigInteger.valueOf(Math.max(value, 1)))
                    : Optional.empty();
        }
        if (MySqlFunctions.isGrowing(name)) {
            if (name.startsWith("concat")) return Optional.of(BigInteger.valueOf(arguments.size()));
            long longest = arguments.stream()
                    .flatMap(List::stream)
                    .filter(t -> t.kind() == SqlToken.Kind.STRING)
                    .mapToLong(t -> MySqlStrings.value(t.text()).length())
                    .max()
                    .orElse(1);
            return Optional.of(BigInteger.valueOf(Math.max(longest, 1)));
        }
        return Optional.of(BigInteger.ONE);
    }

    private static long longestLiteral(SqlTokens tokens) {
        return tokens.tokens().stream()
                .filter(t -> t.kind() == SqlToken.Kind.STRING)
                .mapToLong(t -> MySqlStrings.value(t.text()).length())
                .max()
                .orElse(1);
    }

    /** Once the statement matches a regular expression anywhere, every string literal is read as a pattern. */
    private static Optional<String> regularExpressionViolation(SqlTokens tokens) {
        boolean matches = false;
        for (int i = 0; i < tokens.size() && !matches; i++) {
            SqlToken token = tokens.get(i);
            matches = token.isWord("regexp")
                    || token.isWord("rlike")
                    || token.isIdentifier() && name(token).startsWith("regexp_") && tokens.symbolAt(i + 1, "(");
        }
        if (!matches) return Optional.empty();
        return tokens.tokens().stream()
                .filter(t -> t.kind() == SqlToken.Kind.STRING)
                .map(t -> RegularExpressions.patternViolation(MySqlStrings.value(t.text())))
                .flatMap(Optional::stream)
                .findFirst();
    }
}
