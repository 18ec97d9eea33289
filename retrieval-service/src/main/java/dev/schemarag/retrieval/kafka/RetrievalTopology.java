package dev.schemarag.retrieval.kafka;

import dev.schemarag.core.kafka.DeadLetterTopic;
import dev.schemarag.core.kafka.Failures;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.SchemaRetriever;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;

/** {@code QuestionAsked} → dual retrieval → {@code ContextRetrieved}, or a {@code FailureRecord} on the retrieval DLQ. */
public final class RetrievalTopology {
    private RetrievalTopology() {}

    /** A question and what retrieval made of it: exactly one of context and failure is set. */
    record Outcome(ContextRetrieved context, FailureRecord failure) {}

    public static void build(StreamsBuilder builder, Topics topics, SchemaRetriever retriever) {
        Topic<String, FailureRecord> dlq = topics.deadLetter(DeadLetterTopic.RETRIEVAL);
        builder.stream(topics.questions().name(), topics.questions().consumed())
                .mapValues(question -> retrieve(retriever, question))
                .split()
                .branch((key, outcome) -> outcome.failure() != null,
                        Branched.withConsumer(failed -> failed.mapValues(Outcome::failure).to(dlq.name(), dlq.produced())))
                .defaultBranch(Branched.withConsumer(ok -> ok.mapValues(Outcome::context)
                        .to(topics.contextRetrieved().name(), topics.contextRetrieved().produced())));
    }

    static Outcome retrieve(SchemaRetriever retriever, QuestionAsked question) {
        RetrievalResult result = retriever.retrieve(ContextEvents.toRequest(question));
        if (result.isFailure())
            return new Outcome(null, Failures.failure("retrieval", result.failure().errorClass(), result.failure().message())
                    .setCorrelationId(question.getCorrelationId())
                    .setContext("question " + question.getId() + " on database " + question.getDatabaseId())
                    .build());
        return new Outcome(ContextEvents.toEvent(question, result.context()), null);
    }
}
