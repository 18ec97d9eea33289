package dev.schemarag.generation.kafka;

import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.metrics.DeadLetterMeters;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.generation.answer.AnswerPipeline;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.BranchedKStream;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.state.Stores;

/**
 * ContextRetrieved → every SQL candidate on sql-generated (for observability), then the validated answer on
 * answers or the failure on its error class's dead-letter topic. The repair loop runs on the {@link AnswerWorkers},
 * the questions waiting for it in a changelogged store (see {@link AnswerProcessor}).
 */
public final class GenerationTopology {
    /** How often each task forwards finished answers and hands waiting questions over, by default. */
    public static final Duration DEFAULT_PUNCTUATE_INTERVAL = Duration.ofMillis(10);
    /**
     * The longest a stream thread spends on one record: buffering it, or forwarding a batch of finished answers. The
     * LLM calls run on the workers, so neither the poll interval nor the transaction timeout has to cover them.
     */
    public static final Duration LONGEST_STEP = Duration.ofSeconds(5);

    private GenerationTopology() {}

    public static void build(
            StreamsBuilder builder,
            Topics topics,
            AnswerPipeline pipeline,
            AnswerWorkers workers,
            Duration punctuateInterval,
            MeterRegistry meters) {
        Topic<String, ContextRetrieved> source = topics.contextRetrieved();
        OutcomeMeters outcomes = new OutcomeMeters(meters);
        // Persistent and logged: a restart or a new owner of the partition finds every question not yet answered.
        builder.addStateStore(Stores.keyValueStoreBuilder(
                Stores.persistentKeyValueStore(AnswerProcessor.STORE), Serdes.String(), BufferedQuestion.SERDE));
        KStream<String, RoutedResult> results = builder.stream(source.name(), source.consumed())
                // Every record of one question is keyed by its id, whatever key its producer chose.
                .selectKey((key, context) -> context == null || context.getQuestion() == null
                        ? key
                        : context.getQuestion().getId())
                .process(
                        () -> new AnswerProcessor(pipeline, source.valueSerde(), outcomes, workers, punctuateInterval),
                        AnswerProcessor.STORE);
        results.flatMapValues(RoutedResult::candidates)
                .to(topics.sqlGenerated().name(), topics.sqlGenerated().produced());
        results.filter((key, result) -> result instanceof RoutedResult.Answer)
                .mapValues(result -> ((RoutedResult.Answer) result).answer())
                .to(topics.answers().name(), topics.answers().produced());
        BranchedKStream<String, RoutedResult.DeadLetter> byTopic = results.filter(
                        (key, result) -> result instanceof RoutedResult.DeadLetter)
                .mapValues(result -> (RoutedResult.DeadLetter) result)
                .split();
        for (DeadLetterTopic which : answerTopics()) {
            Topic<String, FailureRecord> dlq = topics.deadLetter(which);
            Counter deadLetters = DeadLetterMeters.counter(meters, dlq.name());
            byTopic.branch((key, dead) -> dead.topic() == which, Branched.withConsumer(dead -> dead.peek(
                            (key, letter) -> deadLetters.increment())
                    .mapValues(RoutedResult.DeadLetter::failure)
                    .to(dlq.name(), dlq.produced())));
        }
    }

    /** Every dead-letter topic a generation or validation failure can go to. */
    private static Set<DeadLetterTopic> answerTopics() {
        Set<DeadLetterTopic> topics = EnumSet.noneOf(DeadLetterTopic.class);
        for (ErrorClass c : ErrorClass.values()) {
            topics.add(c.deadLetterTopic(Stage.GENERATION));
            topics.add(c.deadLetterTopic(Stage.VALIDATION));
        }
        return topics;
    }
}
