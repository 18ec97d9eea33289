package dev.schemarag.retrieval;

/**
 * Why no packet could be built. {@code errorClass} is one of {@code invalid_request}, {@code invalid_settings},
 * {@code unknown_database}, {@code unknown_schema}, {@code empty_catalog} or {@code infra_failure}.
 */
public record RetrievalFailure(String errorClass, String message) {
    public static final String INVALID_REQUEST = "invalid_request";
    public static final String INVALID_SETTINGS = "invalid_settings";
    public static final String UNKNOWN_DATABASE = "unknown_database";
    public static final String UNKNOWN_SCHEMA = "unknown_schema";
    public static final String EMPTY_CATALOG = "empty_catalog";
    public static final String INFRA_FAILURE = "infra_failure";
}
