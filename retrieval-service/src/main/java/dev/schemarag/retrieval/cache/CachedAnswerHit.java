package dev.schemarag.retrieval.cache;

import java.util.Objects;

/** A question the answer cache holds a fresh answer to: retrieval passes it on without ranking its tables. */
public record CachedAnswerHit(String databaseId, String questionId) {
    public CachedAnswerHit {
        Objects.requireNonNull(databaseId, "databaseId");
        Objects.requireNonNull(questionId, "questionId");
    }
}
