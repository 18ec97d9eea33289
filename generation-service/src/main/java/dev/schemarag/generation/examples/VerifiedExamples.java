package dev.schemarag.generation.examples;

import java.util.Optional;

/**
 * Port: the served verified examples, searched by question similarity (the pgvector adapter implements it).
 * <p>
 * Like every port of the examples store ({@link AnswerReviews}, the answer pipeline's sink), it reports a store that
 * cannot be used as a checked {@link ExampleStoreException} wrapping the adapter's exception: the caller decides
 * what an unavailable store means (here: no offline answer). An unchecked exception out of a port is a bug.
 */
public interface VerifiedExamples {

    /** The served example closest to {@code question}, if the database has any embedded by the store's model. */
    Optional<VerifiedExample> nearest(String databaseId, String question) throws ExampleStoreException;
}
