package dev.schemarag.retrieval;

import java.util.Objects;

/** A context or a failure: retrieval reports bad input as a value instead of throwing. */
public sealed interface RetrievalResult permits RetrievalResult.Retrieved, RetrievalFailure {

    record Retrieved(RetrievedContext context) implements RetrievalResult {
        public Retrieved {
            Objects.requireNonNull(context, "context");
        }
    }

    static RetrievalResult of(RetrievedContext context) {
        return new Retrieved(context);
    }
}
