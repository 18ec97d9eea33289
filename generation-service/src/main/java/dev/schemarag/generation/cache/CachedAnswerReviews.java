package dev.schemarag.generation.cache;

import dev.schemarag.events.FeedbackVerdict;
import dev.schemarag.generation.examples.AnswerReviews;
import dev.schemarag.generation.examples.ExampleStatus;
import dev.schemarag.generation.examples.ExampleStoreException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reviews that keep the answer cache in step: once a person rejected an answer, its SQL is dropped from the cache, so
 * that asking again gets a new answer from the model instead of the rejected one. Dropped whenever the answer stands
 * rejected after the verdict, so that a replayed verdict whose drop failed drops it then.
 */
public final class CachedAnswerReviews implements AnswerReviews {
    private static final Logger log = LoggerFactory.getLogger(CachedAnswerReviews.class);

    private final AnswerReviews reviews;
    private final AnswerCacheStore cache;

    public CachedAnswerReviews(AnswerReviews reviews, AnswerCacheStore cache) {
        this.reviews = reviews;
        this.cache = cache;
    }

    @Override
    public Optional<Review> review(String questionId, FeedbackVerdict verdict, String note, String actor)
            throws ExampleStoreException {
        Optional<Review> review = reviews.review(questionId, verdict, note, actor);
        if (review.isPresent() && review.get().after() == ExampleStatus.REJECTED) {
            try {
                int dropped = cache.forgetRejected(questionId);
                if (dropped > 0) log.info("rejected answer dropped from the answer cache: questionId={}", questionId);
            } catch (AnswerCacheException e) {
                throw new ExampleStoreException(e);
            }
        }
        return review;
    }
}
