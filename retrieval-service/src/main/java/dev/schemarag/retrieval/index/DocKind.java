package dev.schemarag.retrieval.index;

import java.util.Locale;

/** The kinds of documentation chunk the store holds ({@code doc_chunks.chunk_kind}). */
public enum DocKind {
    OVERVIEW,
    COLUMN,
    QUERY,
    RELATIONSHIP,
    EXAMPLE;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses the stored name, e.g. {@code overview}. */
    public static DocKind fromWireName(String name) {
        return valueOf(name.trim().toUpperCase(Locale.ROOT));
    }
}
