package dev.schemarag.generation.examples;

import dev.schemarag.events.FeedbackVerdict;
import java.util.Optional;

/**
 * Port: applies a person's verdict to the answer given on a question. A store that cannot throws
 * {@link ExampleStoreException}.
 */
public interface AnswerReviews {

    /** The answer's status before and after the verdict; empty when no answer has {@code questionId}. */
    Optional<Review> review(String questionId, FeedbackVerdict verdict, String note, String actor)
            throws ExampleStoreException;

    record Review(ExampleStatus before, ExampleStatus after) {}
}
