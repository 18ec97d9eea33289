package dev.schemarag.generation.examples;

import dev.schemarag.core.config.Asker;
import dev.schemarag.core.embedding.QuestionVector;
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
     * {@code questionVector} is the question's embedding if retrieval carried one; the store uses it only when its own
     * model computed it, and otherwise embeds the question itself.
     */
    Optional<VerifiedExample> nearest(
            String databaseId, Asker asker, String question, Optional<QuestionVector> questionVector)
            throws ExampleStoreException;

    /** As {@link #nearest(String, Asker, String, Optional)} with no embedding carried: the store embeds the question. */
    default Optional<VerifiedExample> nearest(String databaseId, Asker asker, String question)
            throws ExampleStoreException {
        return nearest(databaseId, asker, question, Optional.empty());
    }
}
