package dev.schemarag.generation.answer;

import dev.schemarag.core.kafka.DeadLetterTopic;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Produced;

/**
 * ContextRetrieved → every SQL candidate on sql-generated (for observability), then the validated answer on
 * answers or the failure on its error class's dead-letter topic. The repair loop runs inside the processor.
 */
public final class GenerationTopology {
    private GenerationTopology() {}

    public static void build(StreamsBuilder builder, Topics topics, AnswerPipeline pipeline) {
        Topic<String, ContextRetrieved> source = topics.contextRetrieved();
        KStream<String, RoutedResult> results = builder.stream(source.name(), source.consumed())
                .processValues(() -> new AnswerProcessor(pipeline, source.valueSerde().serializer()));
        results.flatMapValues(RoutedResult::candidates)
                .to(topics.sqlGenerated().name(), topics.sqlGenerated().produced());
        results.filter((key, result) -> result.answer().isPresent())
                .mapValues(result -> result.answer().orElseThrow())
                .to(topics.answers().name(), topics.answers().produced());
        // Every dead-letter topic shares the FailureRecord serde, so one sink picks the topic per record.
        Topic<String, FailureRecord> anyDeadLetter = topics.deadLetter(DeadLetterTopic.UNKNOWN);
        results.filter((key, result) -> result.failure().isPresent())
                .mapValues(result -> result.failure().orElseThrow())
                .to((key, failure, context) -> topics.deadLetter(DeadLetterTopic.byWireName(failure.getErrorClass())).name(),
                        Produced.with(anyDeadLetter.keySerde(), anyDeadLetter.valueSerde()));
    }
}
