package dev.schemarag.generation.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tokens of a SQL text as PostgreSQL's lexer would split them. When a literal or comment is left open the
 * tokens stop there and {@link #unclosed()} says what was left open and where.
 */
record SqlTokens(String sql, List<SqlToken> tokens, Optional<Unclosed> unclosed) {

    SqlTokens {
        tokens = List.copyOf(tokens);
    }

    /** Something opened at {@code position} (0-based offset) and never closed. */
    record Unclosed(What what, int position) {
        enum What {
            STRING("string literal"),
            QUOTED_IDENTIFIER("quoted identifier"),
            DOLLAR_STRING("dollar-quoted string"),
            COMMENT("block comment");

            private final String description;

            What(String description) {
                this.description = description;
            }

            String description() {
                return description;
            }
        }
    }

    int size() {
        return tokens.size();
    }

    SqlToken get(int index) {
        return tokens.get(index);
    }

    /** The token at {@code index}, or empty when the index is outside the token list. */
    Optional<SqlToken> at(int index) {
        return index >= 0 && index < tokens.size() ? Optional.of(tokens.get(index)) : Optional.empty();
    }

    boolean symbolAt(int index, String symbol) {
        return at(index).map(t -> t.isSymbol(symbol)).orElse(false);
    }

    boolean wordAt(int index, String keyword) {
        return at(index).map(t -> t.isWord(keyword)).orElse(false);
    }

    /** Index of the parenthesis closing the one opened at {@code open}, or -1 when it is never closed. */
    int closingParen(int open) {
        int depth = 0;
        for (int i = open; i < tokens.size(); i++) {
            if (tokens.get(i).isSymbol("(")) depth++;
            else if (tokens.get(i).isSymbol(")") && --depth == 0) return i;
        }
        return -1;
    }

    /**
     * The tokens of each top-level argument between the parenthesis at {@code open} and the one closing it (or the
     * end of the tokens when none does).
     */
    List<List<SqlToken>> arguments(int open) {
        int close = closingParen(open);
        int end = close < 0 ? tokens.size() : close;
        List<List<SqlToken>> arguments = new ArrayList<>();
        List<SqlToken> current = new ArrayList<>();
        int depth = 0;
        for (int i = open + 1; i < end; i++) {
            SqlToken token = tokens.get(i);
            if (token.isSymbol("(") || token.isSymbol("[")) depth++;
            if (token.isSymbol(")") || token.isSymbol("]")) depth--;
            if (depth == 0 && token.isSymbol(",")) {
                arguments.add(current);
                current = new ArrayList<>();
            } else {
                current.add(token);
            }
        }
        arguments.add(current);
        return arguments;
    }
}
