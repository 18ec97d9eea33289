package dev.schemarag.generation.kafka;

import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.AnswerFeedback;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.generation.examples.AnswerReviews;
import org.apache.kafka.streams.StreamsBuilder;

/**
 * AnswerFeedback → the verdict applied to the answer's example (approved ones are served offline, rejected ones
 * never); feedback that names no known answer goes to the {@code unknown} dead-letter topic, and the stream goes on.
 */
public final class FeedbackTopology {
    private FeedbackTopology() {}

    public static void build(StreamsBuilder builder, Topics topics, AnswerReviews reviews) {
        Topic<String, AnswerFeedback> source = topics.feedback();
        Topic<String, FailureRecord> deadLetter = topics.deadLetter(DeadLetterTopic.UNKNOWN);
        builder.stream(source.name(), source.consumed())
                .processValues(
                        () -> new FeedbackProcessor(reviews, source.valueSerde().serializer()))
                .to(deadLetter.name(), deadLetter.produced());
    }
}
