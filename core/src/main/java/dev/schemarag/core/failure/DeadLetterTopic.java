package dev.schemarag.core.failure;

import java.util.Locale;

/**
 * Where failures land. Ingest and retrieval have one dead-letter topic each; generation and validation have one per
 * error class, so an operator can replay, say, every query_timeout after a database is tuned. Which class goes where
 * is decided in one place, {@link ErrorClass#deadLetterTopic}.
 */
public enum DeadLetterTopic {
    INGEST,
    RETRIEVAL,
    INFRA_FAILURE,
    QUERY_TIMEOUT,
    VALIDATION_BLOCK,
    SQL_ERROR,
    UNKNOWN,
    GENERATION_UNAVAILABLE,
    ACCESS_DENIED;

    /** The suffix of the topic name, e.g. {@code query_timeout}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static DeadLetterTopic byWireName(String name) {
        for (DeadLetterTopic t : values()) if (t.wireName().equalsIgnoreCase(name)) return t;
        throw new IllegalArgumentException("unknown dead-letter topic '" + name + "'; known: "
                + java.util.Arrays.stream(values())
                        .map(DeadLetterTopic::wireName)
                        .toList());
    }
}
