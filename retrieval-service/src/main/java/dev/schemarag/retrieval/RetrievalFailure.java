package dev.schemarag.retrieval;

import dev.schemarag.core.failure.ErrorClass;
import java.util.Objects;

/**
 * Why no packet could be built: {@code invalid_request}, {@code invalid_settings}, {@code unknown_database},
 * {@code unknown_schema}, {@code empty_catalog} or {@code infra_failure}.
 */
public record RetrievalFailure(ErrorClass errorClass, String message) implements RetrievalResult {
    public RetrievalFailure {
        Objects.requireNonNull(errorClass, "errorClass");
    }
}
