package dev.schemarag.generation.kafka;

import dev.schemarag.core.failure.Outcome;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.DeadLetterRouting;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.QueryResult;
import dev.schemarag.generation.execution.ExecutionPipeline;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.state.Stores;

/**
 * AnswerValidated with {@code execute} → its rows on results, or the failure on its error class's dead-letter topic
 * (stage execution); answers that are not to be executed are skipped. Statements and repairs run on the
 * {@link StageWorkers}, the answers waiting for them in a changelogged store (see {@link BufferedProcessor}).
 */
public final class ExecutionTopology {
    /**
     * The longest a stream thread spends on one record: buffering it, or forwarding a batch of finished results.
     * Statements and LLM calls run on the workers, so neither the poll interval nor the transaction timeout has to
     * cover them.
     */
    public static final Duration LONGEST_STEP = GenerationTopology.LONGEST_STEP;

    private ExecutionTopology() {}

    public static void build(
            StreamsBuilder builder,
            Topics topics,
            ExecutionPipeline pipeline,
            StageWorkers workers,
            Duration punctuateInterval,
            MeterRegistry meters) {
        Topic<String, AnswerValidated> source = topics.answers();
        ExecutionMeters executions = new ExecutionMeters(meters);
        // Persistent and logged: a restart or a new owner of the partition finds every answer not yet run.
        builder.addStateStore(Stores.keyValueStoreBuilder(
                Stores.persistentKeyValueStore(ExecutionWork.STORE), Serdes.String(), BufferedRecord.SERDE));
        KStream<String, Outcome<QueryResult>> outcomes = builder.stream(source.name(), source.consumed())
                .filter((key, answer) -> answer != null && answer.getExecute())
                .process(
                        () -> new BufferedProcessor<>(
                                ExecutionWork.STORE,
                                new ExecutionWork(pipeline, executions),
                                source.valueSerde(),
                                workers,
                                punctuateInterval,
                                BufferedProcessor.QUICK_RUN),
                        ExecutionWork.STORE);
        DeadLetterRouting.route(outcomes, topics, meters, Stage.EXECUTION)
                .to(topics.results().name(), topics.results().produced());
    }
}
