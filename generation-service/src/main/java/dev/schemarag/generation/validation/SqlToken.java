package dev.schemarag.generation.validation;

import java.util.Locale;
import java.util.Set;

/** One lexical token of PostgreSQL SQL with its offsets in the source text; comments and whitespace are not tokens. */
record SqlToken(Kind kind, String text, int start, int end) {

    enum Kind {
        WORD,
        QUOTED_IDENTIFIER,
        STRING,
        NUMBER,
        PARAMETER,
        SYMBOL
    }

    boolean isWord(String keyword) {
        return kind == Kind.WORD && text.equalsIgnoreCase(keyword);
    }

    boolean isWordIn(Set<String> lowerCaseKeywords) {
        return kind == Kind.WORD && lowerCaseKeywords.contains(text.toLowerCase(Locale.ROOT));
    }

    boolean isSymbol(String symbol) {
        return kind == Kind.SYMBOL && text.equals(symbol);
    }

    boolean isIdentifier() {
        return kind == Kind.WORD || kind == Kind.QUOTED_IDENTIFIER;
    }

    /** The name as PostgreSQL resolves it; only meaningful for identifiers. */
    String identifier() {
        return Identifiers.normalize(text);
    }
}
