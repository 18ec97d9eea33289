package dev.schemarag.retrieval.cache;

import java.util.Optional;

/** Port: the answer cache as retrieval asks it, before ranking, whether a question has been answered already. */
public interface AnswerCacheProbe {

    /**
     * The latest fresh entry for this question (no table its SQL reads changed after the catalog version it was
     * validated at), read with its freshness in one snapshot. Empty when there is none.
     *
     * @param principal the principal the question names, {@code ""} for none
     * @param questionHash {@link dev.schemarag.core.questions.QuestionText#hash} of its question and evidence
     * @throws RuntimeException when the store cannot be read
     */
    Optional<CachedAnswerHit> freshEntry(String databaseId, String principal, String questionHash);
}
