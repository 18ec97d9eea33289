package dev.schemarag.app;

import java.util.Locale;

/** The faults of {@code bench chaos}, in the order the benchmark injects them. */
enum ChaosFault {
    RETRIEVAL_KILL,
    GENERATION_KILL,
    BROKER_RESTART,
    STORE_RESTART,
    REGISTRY_OUTAGE,
    LLM_500,
    LLM_429,
    LLM_TIMEOUT,
    LLM_NOT_JSON,
    LLM_SLOW,
    INGEST_KILL;

    /** e.g. {@code retrieval_kill}, as in the report. */
    String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
