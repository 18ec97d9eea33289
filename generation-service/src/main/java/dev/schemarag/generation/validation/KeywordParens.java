package dev.schemarag.generation.validation;

import java.util.Locale;
import java.util.Set;

/**
 * Decides whether a keyword written right before "(" is that keyword or a call to a function of the same name.
 * Reserved keywords can never name a function, so "IN (", "EXISTS (", "VALUES (" are always syntax. Unreserved and
 * type/function-name keywords (FIRST, NEXT, ROWS, FILTER, SYSTEM, ZONE, LIKE, ...) can name a function too, so they
 * count as keywords only in the one place the grammar puts them before a parenthesis (FETCH FIRST (n), AT TIME
 * ZONE (x), TABLESAMPLE SYSTEM (p)); anywhere else "first(x)" is a call and goes through the allowlist.
 */
final class KeywordParens {

    /** PostgreSQL reserved and column-name keywords that may precede "(" and cannot be function names. */
    private static final Set<String> ALWAYS_KEYWORDS = Set.of(
            "all",
            "and",
            "any",
            "array",
            "as",
            "asymmetric",
            "between",
            "both",
            "case",
            "distinct",
            "else",
            "except",
            "exists",
            "fetch",
            "for",
            "from",
            "group",
            "having",
            "in",
            "intersect",
            "lateral",
            "leading",
            "limit",
            "not",
            "offset",
            "on",
            "only",
            "or",
            "order",
            "placing",
            "row",
            "select",
            "some",
            "symmetric",
            "then",
            "to",
            "trailing",
            "union",
            "using",
            "values",
            "when",
            "where",
            "window",
            "with");
    /**
     * Keywords that precede "(" as syntax only in some places, decided case by case in {@link #isKeyword} (a case
     * missing here is never reached), and keywords that come right before a name and its "(" ({@code TABLESAMPLE
     * system (p)}, {@code WITH RECURSIVE r(n)}, {@code PARTITION BY}, {@code WITHIN GROUP}).
     */
    private static final Set<String> CONTEXT_KEYWORDS = Set.of(
            "bernoulli",
            "by",
            "cube",
            "escape",
            "filter",
            "first",
            "groups",
            "ilike",
            "is",
            "join",
            "like",
            "materialized",
            "next",
            "over",
            "overlaps",
            "partition",
            "range",
            "recursive",
            "repeatable",
            "rollup",
            "rows",
            "sets",
            "similar",
            "system",
            "tablesample",
            "varying",
            "within",
            "zone");

    private static final Set<String> CHARACTER_TYPES = Set.of("character", "char", "bit", "national");
    private static final Set<String> GROUPING_CLAUSE_ENDS = Set.of(
            "select",
            "from",
            "where",
            "having",
            "order",
            "limit",
            "offset",
            "fetch",
            "window",
            "union",
            "intersect",
            "except",
            "on",
            "join",
            "for");

    private KeywordParens() {}

    /**
     * Whether a lower-case word is a keyword that can stand before "(" (or before a name and its "(") in some
     * context: such a word never declares a name, and JSqlParser's "calls" of it are syntax it models as calls.
     */
    static boolean isParenKeyword(String lowerCaseWord) {
        return ALWAYS_KEYWORDS.contains(lowerCaseWord) || CONTEXT_KEYWORDS.contains(lowerCaseWord);
    }

    /** Whether the unquoted word at {@code index}, followed by "(", is SQL syntax rather than a function call. */
    static boolean isKeyword(SqlTokens tokens, int index) {
        SqlToken word = tokens.get(index);
        if (word.kind() != SqlToken.Kind.WORD || tokens.symbolAt(index - 1, ".")) return false;
        String keyword = word.text().toLowerCase(Locale.ROOT);
        if (ALWAYS_KEYWORDS.contains(keyword)) return true;
        if (!CONTEXT_KEYWORDS.contains(keyword)) return false;
        return switch (keyword) {
            case "first", "next" -> tokens.wordAt(index - 1, "fetch");
            case "zone" -> tokens.wordAt(index - 1, "time") && tokens.wordAt(index - 2, "at");
            case "system", "bernoulli" -> tokens.wordAt(index - 1, "tablesample");
            case "filter" -> tokens.symbolAt(index - 1, ")") && tokens.wordAt(index + 2, "where");
            case "over", "repeatable", "overlaps" -> tokens.symbolAt(index - 1, ")");
            case "rows", "range", "groups" -> framePreceding(tokens, index);
            case "by" ->
                tokens.wordAt(index - 1, "group")
                        || tokens.wordAt(index - 1, "order")
                        || tokens.wordAt(index - 1, "partition");
            case "sets" -> tokens.wordAt(index - 1, "grouping");
            case "cube", "rollup" -> inGroupBy(tokens, index);
            case "varying" ->
                tokens.at(index - 1).map(t -> t.isWordIn(CHARACTER_TYPES)).orElse(false);
            case "materialized" ->
                tokens.wordAt(index - 1, "as") || tokens.wordAt(index - 1, "not") && tokens.wordAt(index - 2, "as");
            case "like", "ilike" -> endsOperand(tokens, index - 1) || tokens.wordAt(index - 1, "not");
            case "join" -> endsOperand(tokens, index - 1);
            default -> false;
        };
    }

    /** ROWS (n) PRECEDING in a window frame: the parenthesis is an expression followed by PRECEDING/FOLLOWING. */
    private static boolean framePreceding(SqlTokens tokens, int index) {
        int close = tokens.closingParen(index + 1);
        return close > 0 && (tokens.wordAt(close + 1, "preceding") || tokens.wordAt(close + 1, "following"));
    }

    /** Whether the token at {@code index} ends an operand, so a following LIKE or JOIN is an infix keyword. */
    private static boolean endsOperand(SqlTokens tokens, int index) {
        return tokens.at(index)
                .map(t -> switch (t.kind()) {
                    case NUMBER, STRING, QUOTED_IDENTIFIER, PARAMETER -> true;
                    case WORD -> !Identifiers.isReserved(t.text().toLowerCase(Locale.ROOT));
                    case SYMBOL -> t.isSymbol(")") || t.isSymbol("]");
                })
                .orElse(false);
    }

    /**
     * Whether {@code index} lies in a GROUP BY list: walking back over balanced parentheses and commas reaches
     * GROUP BY before any other clause, possibly through the parentheses of GROUPING SETS, CUBE or ROLLUP.
     */
    private static boolean inGroupBy(SqlTokens tokens, int index) {
        int depth = 0;
        for (int i = index - 1; i >= 0; i--) {
            SqlToken token = tokens.get(i);
            if (token.isSymbol(")")) {
                depth++;
            } else if (token.isSymbol("(")) {
                if (depth > 0) {
                    depth--;
                } else if (!(tokens.wordAt(i - 1, "sets")
                        || tokens.wordAt(i - 1, "cube")
                        || tokens.wordAt(i - 1, "rollup"))) {
                    return false;
                }
            } else if (depth == 0 && token.isWord("by")) {
                return tokens.wordAt(i - 1, "group");
            } else if (depth == 0 && token.isWordIn(GROUPING_CLAUSE_ENDS)) {
                return false;
            }
        }
        return false;
    }
}
