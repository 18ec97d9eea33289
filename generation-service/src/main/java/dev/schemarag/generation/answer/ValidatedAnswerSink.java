package dev.schemarag.generation.answer;

import dev.schemarag.generation.examples.ExampleStoreException;

/**
 * Port: keeps an answer that passed validation, under its question id. Validation proves that the SQL runs, not
 * that it answers the question, so the answer is only a candidate until a person reviews it. A store that cannot
 * keep it throws {@link ExampleStoreException}.
 */
public interface ValidatedAnswerSink {
    void validated(String questionId, String databaseId, String question, String sql) throws ExampleStoreException;
}
