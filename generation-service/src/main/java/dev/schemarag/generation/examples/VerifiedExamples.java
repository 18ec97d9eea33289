package dev.schemarag.generation.examples;

import dev.schemarag.core.config.Asker;
import java.util.Optional;

/**
 * Port: the served verified examples, searched by question similarity (the pgvector adapter implements it).
 * <p>
 * Like every port of the examples store ({@link AnswerReviews}, the answer pipeline's sink), it reports a store that
 * cannot be used as a checked {@link ExampleStoreException} wrapping the adapter's exception: the caller decides
 * what an unavailable store means (here: no offline answer). An unchecked exception out of a port is a bug.
 */
public interface VerifiedExamples {

    /**
     * The served example closest to {@code question} that {@code asker} may be shown, if the database has any embedded
     * by the store's model: a question that runs as a database role is shown only examples that role may read in full.
     */
    Optional<VerifiedExample> nearest(String databaseId, Asker asker, String question) throws ExampleStoreException;
}
