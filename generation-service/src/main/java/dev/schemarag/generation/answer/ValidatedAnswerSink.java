package dev.schemarag.generation.answer;

import dev.schemarag.core.embedding.QuestionVector;
import dev.schemarag.generation.examples.ExampleStoreException;
import java.util.Optional;

/**
 * Port: keeps an answer that passed validation, under its question id. Validation proves that the SQL runs, not
 * that it answers the question, so the answer is only a candidate until a person reviews it. A store that cannot
 * keep it throws {@link ExampleStoreException}.
 */
public interface ValidatedAnswerSink {
    /**
     * @param questionVector the question's embedding as retrieval computed it, if it carried one: a sink that embeds
     *     the question uses it when its own model computed it
     */
    void validated(
            String questionId, String databaseId, String question, String sql, Optional<QuestionVector> questionVector)
            throws ExampleStoreException;

    /** As {@link #validated(String, String, String, String, Optional)} with no embedding carried. */
    default void validated(String questionId, String databaseId, String question, String sql)
            throws ExampleStoreException {
        validated(questionId, databaseId, question, sql, Optional.empty());
    }

    /**
     * Keeps the answer of {@code questionId}, which reused the SQL of the answer {@code originQuestionId} (the answer
     * cache served it), as a candidate of its own, so that a review of either applies; a sink that keeps nothing of
     * reuses ignores it.
     */
    default void reused(String questionId, String originQuestionId) throws ExampleStoreException {}
}
