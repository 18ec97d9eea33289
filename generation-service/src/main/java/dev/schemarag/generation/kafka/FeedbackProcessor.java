package dev.schemarag.generation.kafka;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.Failures;
import dev.schemarag.events.AnswerFeedback;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.generation.examples.AnswerReviews;
import dev.schemarag.generation.feedback.Feedback;
import java.util.Optional;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies each {@link AnswerFeedback} to the answer it names and forwards a {@link FailureRecord} only for feedback
 * that cannot be applied: no value, no plausible question id, or no answer with that id. The record's bytes go with
 * it, so that it can be replayed once the answer exists. A store failure throws, for the service's dead-letter handler.
 */
final class FeedbackProcessor implements FixedKeyProcessor<String, AnswerFeedback, FailureRecord> {
    private static final Logger log = LoggerFactory.getLogger(FeedbackProcessor.class);

    private final AnswerReviews reviews;
    private final Serializer<AnswerFeedback> eventBytes;
    private FixedKeyProcessorContext<String, FailureRecord> context;

    FeedbackProcessor(AnswerReviews reviews, Serializer<AnswerFeedback> eventBytes) {
        this.reviews = reviews;
        this.eventBytes = eventBytes;
    }

    @Override
    public void init(FixedKeyProcessorContext<String, FailureRecord> context) {
        this.context = context;
    }

    @Override
    public void process(FixedKeyRecord<String, AnswerFeedback> record) {
        if (record.value() == null) {
            deadLetter(record, ErrorClass.MALFORMED_EVENT, "feedback record without a value");
            return;
        }
        Optional<Feedback> feedback = Feedback.of(record.value());
        if (feedback.isEmpty()) {
            deadLetter(
                    record,
                    ErrorClass.UNKNOWN_QUESTION,
                    "feedback names no usable question id: '"
                            + Feedback.loggable(record.value().getQuestionId()) + "'");
            return;
        }
        Feedback f = feedback.get();
        Optional<AnswerReviews.Review> review;
        try {
            review = reviews.review(
                    f.questionId(),
                    f.verdict(),
                    f.note().orElse(null),
                    f.actor().orElse(null));
        } catch (Exception e) {
            throw new IllegalStateException(
                    "feedback not applied for questionId=" + Feedback.loggable(f.questionId()), e);
        }
        if (review.isEmpty()) {
            log.warn(
                    "feedback for an unknown question: questionId={} verdict={}",
                    Feedback.loggable(f.questionId()),
                    f.verdict());
            deadLetter(
                    record,
                    ErrorClass.UNKNOWN_QUESTION,
                    "no answer has question id '" + Feedback.loggable(f.questionId()) + "'");
            return;
        }
        log.info(
                "feedback applied: questionId={} verdict={} status={}->{}",
                Feedback.loggable(f.questionId()),
                f.verdict(),
                review.get().before().wireName(),
                review.get().after().wireName());
    }

    private void deadLetter(FixedKeyRecord<String, AnswerFeedback> record, ErrorClass errorClass, String message) {
        context.forward(record.withValue(
                Failures.ofRecord(Stage.FEEDBACK, errorClass, message, record, context.recordMetadata(), eventBytes)
                        .build()));
    }
}
