package dev.schemarag.generation.answer;

import dev.schemarag.core.kafka.Failures;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

import java.util.Optional;

/**
 * Runs the {@link AnswerPipeline} for each ContextRetrieved and turns a failure into the {@link FailureRecord} for
 * its class's dead-letter topic, with the source coordinates and the event's bytes so that it can be replayed.
 */
final class AnswerProcessor implements FixedKeyProcessor<String, ContextRetrieved, RoutedResult> {
    private final AnswerPipeline pipeline;
    private final Serializer<ContextRetrieved> eventBytes;
    private FixedKeyProcessorContext<String, RoutedResult> context;

    AnswerProcessor(AnswerPipeline pipeline, Serializer<ContextRetrieved> eventBytes) {
        this.pipeline = pipeline;
        this.eventBytes = eventBytes;
    }

    @Override
    public void init(FixedKeyProcessorContext<String, RoutedResult> context) {
        this.context = context;
    }

    @Override
    public void process(FixedKeyRecord<String, ContextRetrieved> record) {
        ContextRetrieved event = record.value();
        PipelineResult result = pipeline.answer(event);
        Optional<FailureRecord> failure = result.failure().map(f -> failureRecord(record, f));
        context.forward(record.withValue(new RoutedResult(result.candidates(), result.answer(), failure)));
    }

    private FailureRecord failureRecord(FixedKeyRecord<String, ContextRetrieved> record, PipelineFailure failure) {
        // No candidate at all means generation failed; otherwise validation gave up on the last one.
        String stage = failure.attempts() == 0 ? "generation" : "validation";
        return Failures.ofRecord(stage, failure.errorClass().wireName(), failure.message(), record,
                context.recordMetadata(), eventBytes)
                .setSqlstate(failure.sqlState())
                .setAttempt(Math.max(1, failure.attempts()))
                .setCorrelationId(record.value().getQuestion().getCorrelationId())
                .setContext(record.value().getContextPacket())
                .build();
    }
}
