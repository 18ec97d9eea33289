package dev.schemarag.generation.kafka;

import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.DeadLetterRouting;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.generation.answer.AnswerPipeline;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.state.Stores;

/**
 * ContextRetrieved → every SQL candidate on sql-generated (for observability), then the validated answer on
 * answers or the failure on its error class's dead-letter topic; a cache hit of retrieval's that cannot be served goes
 * back to questions, to be ranked. The repair loop runs on the {@link StageWorkers},
 * the questions waiting for it in a changelogged store (see {@link BufferedProcessor}).
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
            StageWorkers workers,
            Duration punctuateInterval,
            MeterRegistry meters) {
        Topic<String, ContextRetrieved> source = topics.contextRetrieved();
        OutcomeMeters outcomes = new OutcomeMeters(meters);
        // Persistent and logged: a restart or a new owner of the partition finds every question not yet answered.
        builder.addStateStore(Stores.keyValueStoreBuilder(
                Stores.persistentKeyValueStore(AnswerWork.STORE), Serdes.String(), BufferedRecord.SERDE));
        KStream<String, RoutedResult> results = builder.stream(source.name(), source.consumed())
                // Every record of one question is keyed by its id, whatever key its producer chose.
                .selectKey((key, context) -> context == null || context.getQuestion() == null
                        ? key
                        : context.getQuestion().getId())
                .process(
                        () -> new BufferedProcessor<>(
                                AnswerWork.STORE,
                                new AnswerWork(pipeline, outcomes),
                                source.valueSerde(),
                                workers,
                                punctuateInterval,
                                BufferedProcessor.QUICK_RUN),
                        AnswerWork.STORE);
        results.flatMapValues(RoutedResult::candidates)
                .to(topics.sqlGenerated().name(), topics.sqlGenerated().produced());
        DeadLetterRouting.route(
                        results.filter((id, result) -> result instanceof RoutedResult.Decided)
                                .mapValues(result -> ((RoutedResult.Decided) result).outcome()),
                        topics,
                        meters,
                        Stage.GENERATION,
                        Stage.VALIDATION)
                .to(topics.answers().name(), topics.answers().produced());
        // Under the same transaction as the record it came from, like every output here.
        results.filter((id, result) -> result instanceof RoutedResult.RetrieveAgain)
                .mapValues(result -> ((RoutedResult.RetrieveAgain) result).question())
                .to(topics.questions().name(), topics.questions().produced());
    }
}
