package dev.schemarag.retrieval;

import java.util.Locale;

/** Why a RAG attempt fell back to the full schema. */
public enum FallbackReason {
    /** Embedding or a search failed. */
    RETRIEVAL_ERROR,
    /** Neither the vector search nor BM25 found a table. */
    NO_RESULTS,
    /** Even the best table scored below the fallback bar: the question resembles nothing in the catalog. */
    LOW_SCORES,
    /** Too few content words to retrieve on. */
    QUESTION_TOO_SHORT,
    /** The stored vectors come from another embedding model than the question's (a model change not yet synced). */
    OTHER_MODEL_INDEX;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
