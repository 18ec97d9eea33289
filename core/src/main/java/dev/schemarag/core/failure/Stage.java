package dev.schemarag.core.failure;

import java.util.Arrays;
import java.util.Locale;

/** The stage a failure happened in; its wire name is {@code FailureRecord.stage}. */
public enum Stage {
    INGEST,
    RETRIEVAL,
    GENERATION,
    VALIDATION,
    EXECUTION,
    FEEDBACK;

    /** e.g. {@code retrieval}; stable, written into every failure record. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Stage byWireName(String name) {
        return Arrays.stream(values())
                .filter(s -> s.wireName().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown stage '" + name + "'"));
    }
}
