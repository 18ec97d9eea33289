package dev.schemarag.bench;

import java.util.Locale;

/** The faults of {@code bench chaos}, in the order the benchmark injects them. */
public enum ChaosFault {
    RETRIEVAL_KILL,
    GENERATION_KILL,
    EXECUTION_KILL,
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
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
