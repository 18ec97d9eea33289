package dev.schemarag.generation.answer;

import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.Failures;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Runs the {@link AnswerPipeline} for each ContextRetrieved and turns a failure into the {@link FailureRecord} for
 * its class's dead-letter topic, with the source coordinates and the event's bytes so that it can be replayed.
 */
final class AnswerProcessor implements FixedKeyProcessor<String, ContextRetrieved, RoutedResult> {
    private final AnswerPipeline pipeline;
    private final Serializer<ContextRetrieved> eventBytes;
    private final OutcomeMeters outcomes;
    private FixedKeyProcessorContext<String, RoutedResult> context;

    AnswerProcessor(AnswerPipeline pipeline, Serializer<ContextRetrieved> eventBytes, OutcomeMeters outcomes) {
        this.pipeline = pipeline;
        this.eventBytes = eventBytes;
        this.outcomes = outcomes;
    }

    @Override
    public void init(FixedKeyProcessorContext<String, RoutedResult> context) {
        this.context = context;
    }

    @Override
    public void process(FixedKeyRecord<String, ContextRetrieved> record) {
        ContextRetrieved event = record.value();
        PipelineResult result = pipeline.answer(event);
        outcomes.record(result);
        RoutedResult routed = result instanceof PipelineResult.Failed failed
                ? deadLetter(record, failed)
                : new RoutedResult.Answer(result.candidates(), ((PipelineResult.Answered) result).answer());
        context.forward(record.withValue(routed));
    }

    private RoutedResult.DeadLetter deadLetter(
            FixedKeyRecord<String, ContextRetrieved> record, PipelineResult.Failed failed) {
        PipelineFailure failure = failed.failure();
        // No candidate at all means generation failed; otherwise validation gave up on the last one.
        Stage stage = failure.attempts() == 0 ? Stage.GENERATION : Stage.VALIDATION;
        FailureRecord failureRecord = Failures.ofRecord(
                        stage, failure.errorClass(), failure.message(), record, context.recordMetadata(), eventBytes)
                .setSqlstate(failure.sqlState())
                .setAttempt(Math.max(1, failure.attempts()))
                .setCorrelationId(record.value().getQuestion().getCorrelationId())
                .setContext(record.value().getContextPacket())
                .build();
        return new RoutedResult.DeadLetter(
                failed.candidates(), failure.errorClass().deadLetterTopic(stage), failureRecord);
    }
}
