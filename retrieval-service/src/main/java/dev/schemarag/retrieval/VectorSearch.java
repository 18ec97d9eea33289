package dev.schemarag.retrieval;

import dev.schemarag.core.config.Setting;
import dev.schemarag.core.config.Settings;
import java.util.Locale;

/** Where dense searches run: {@code retrieval.vector.search} ({@code RETRIEVAL_VECTOR_SEARCH}). */
public enum VectorSearch {
    /** Exact scans over the database's vectors held in memory, reloaded when its catalog version changes. */
    MEMORY,
    /** pgvector's HNSW indexes: one store round trip per search, nothing held in memory. */
    STORE;

    public static final Setting<String> SETTING = Setting.oneOf(
            "retrieval.vector.search",
            MEMORY,
            VectorSearch.class,
            "where dense searches run: memory (exact scans of vectors loaded per catalog version) or store (pgvector)");

    public static VectorSearch from(Settings settings) {
        return valueOf(settings.get(SETTING).toUpperCase(Locale.ROOT));
    }
}
