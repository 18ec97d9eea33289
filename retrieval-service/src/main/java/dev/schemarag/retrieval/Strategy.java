package dev.schemarag.retrieval;

import java.util.Locale;

/** Whether a packet holds retrieved tables or the whole catalog. */
public enum Strategy {
    RAG,
    FULL_SCHEMA;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The question's own choice wins; otherwise RAG when it is enabled and the catalog is large enough for the
     * full schema to crowd the prompt.
     */
    public static Strategy choose(Boolean useRetrieval, boolean enabled, int tableCount, int minTablesForRetrieval) {
        if (useRetrieval != null) return useRetrieval ? RAG : FULL_SCHEMA;
        return enabled && tableCount >= minTablesForRetrieval ? RAG : FULL_SCHEMA;
    }
}
