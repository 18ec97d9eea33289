package dev.schemarag.generation.validation;

import java.util.Optional;
import java.util.Set;

/**
 * Size limits checked on the text and its tokens before any recursive parser sees a statement: JSqlParser and the
 * tree walks recurse once per nesting level and per chained operator, so {@code SELECT 1+1+...+1} or a few
 * thousand nested parentheses would overflow the stack of the stream thread. Depth counts parentheses, brackets
 * and CASE ... END; an operator chain counts the operators within one nesting level between two commas.
 */
public record StatementLimits(int maxLength, int maxDepth, int maxOperatorChain) {

    public static final int DEFAULT_MAX_LENGTH = 64 * 1024;
    public static final int DEFAULT_MAX_DEPTH = 40;
    public static final int DEFAULT_MAX_OPERATOR_CHAIN = 200;
    public static final StatementLimits DEFAULT =
            new StatementLimits(DEFAULT_MAX_LENGTH, DEFAULT_MAX_DEPTH, DEFAULT_MAX_OPERATOR_CHAIN);
    public static final String TOO_COMPLEX = "statement too complex";

    private static final Set<String> NOT_OPERATORS = Set.of("(", ")", "[", "]", ",", ";", ".");
    private static final Set<String> OPERATOR_WORDS = Set.of("and", "or", "not", "is", "like", "ilike", "between");

    public StatementLimits {
        if (maxLength < 1 || maxDepth < 1 || maxOperatorChain < 1) {
            throw new IllegalArgumentException("statement limits must be positive");
        }
    }

    /** Why {@code sql} is too complex to analyse, starting with {@link #TOO_COMPLEX}; empty when within the limits. */
    public Optional<String> violation(String sql) {
        if (sql == null) return Optional.empty();
        if (sql.length() > maxLength) {
            return tooComplex("longer than " + maxLength + " characters");
        }
        return violation(SqlLexer.tokenize(sql));
    }

    Optional<String> violation(SqlTokens tokens) {
        int depth = 0;
        int[] chainAtDepth = new int[maxDepth + 2];
        for (SqlToken token : tokens.tokens()) {
            if (token.isSymbol("(") || token.isSymbol("[") || token.isWord("case")) {
                if (++depth > maxDepth) return tooComplex("nested deeper than " + maxDepth + " levels");
                chainAtDepth[depth] = 0;
            } else if (token.isSymbol(")") || token.isSymbol("]") || token.isWord("end")) {
                depth = Math.max(0, depth - 1);
            } else if (token.isSymbol(",")) {
                chainAtDepth[depth] = 0;
            } else if (isOperator(token) && ++chainAtDepth[depth] > maxOperatorChain) {
                return tooComplex("more than " + maxOperatorChain + " chained operators");
            }
        }
        return Optional.empty();
    }

    private static boolean isOperator(SqlToken token) {
        return token.kind() == SqlToken.Kind.SYMBOL && !NOT_OPERATORS.contains(token.text())
                || token.isWordIn(OPERATOR_WORDS);
    }

    private static Optional<String> tooComplex(String detail) {
        return Optional.of(TOO_COMPLEX + " (" + detail + ")");
    }
}
