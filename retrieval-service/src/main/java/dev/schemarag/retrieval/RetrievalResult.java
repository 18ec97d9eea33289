package dev.schemarag.retrieval;

import java.util.Objects;

/** Either a context or a failure, never both: retrieval reports bad input as a value instead of throwing. */
public record RetrievalResult(RetrievedContext context, RetrievalFailure failure) {
    public RetrievalResult {
        if ((context == null) == (failure == null))
            throw new IllegalArgumentException("a retrieval result holds exactly one of context and failure");
    }

    public static RetrievalResult of(RetrievedContext context) {
        return new RetrievalResult(Objects.requireNonNull(context), null);
    }

    public static RetrievalResult failed(String errorClass, String message) {
        return new RetrievalResult(null, new RetrievalFailure(errorClass, message));
    }

    public boolean isFailure() {
        return failure != null;
    }
}
