package dev.schemarag.generation.kafka;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.Failures;
import dev.schemarag.events.ContextRetrieved;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.generation.answer.AnswerPipeline;
import dev.schemarag.generation.answer.PipelineFailure;
import dev.schemarag.generation.answer.PipelineResult;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/** Generation's work: the {@link AnswerPipeline} on one ContextRetrieved, routed to an answer or a dead letter. */
final class AnswerWork implements BufferedWork<ContextRetrieved, RoutedResult> {
    /** The changelogged store of the questions waiting for their answer. */
    static final String STORE = "generation-pending-questions";

    private final AnswerPipeline pipeline;
    private final OutcomeMeters outcomes;

    AnswerWork(AnswerPipeline pipeline, OutcomeMeters outcomes) {
        this.pipeline = pipeline;
        this.outcomes = outcomes;
    }

    @Override
    public String id(ContextRetrieved event) {
        return event.getQuestion().getId();
    }

    @Override
    public CompletionStage<RoutedResult> start(ContextRetrieved event, BufferedRecord source, Executor blocking) {
        return pipeline.answer(event, blocking).thenApply(result -> {
            if (result instanceof PipelineResult.Answered answered)
                return new RoutedResult.Answer(answered.candidates(), answered.answer());
            if (result instanceof PipelineResult.RetrieveAgain again)
                return new RoutedResult.RetrieveAgain(again.question());
            PipelineResult.Failed failed = (PipelineResult.Failed) result;
            return new RoutedResult.DeadLetter(failed.candidates(), deadLetter(event, source, failed.failure()));
        });
    }

    @Override
    public RoutedResult threw(ContextRetrieved event, BufferedRecord source, Throwable error) {
        PipelineFailure failure = new PipelineFailure(
                ErrorClass.PROCESSING_ERROR, null, Failures.describe(error) + " in the answer pipeline", 0);
        return new RoutedResult.DeadLetter(List.of(), deadLetter(event, source, failure));
    }

    @Override
    public RoutedResult unreadable(BufferedRecord source, RuntimeException error) {
        return new RoutedResult.DeadLetter(
                List.of(),
                source.failure(Stage.GENERATION, ErrorClass.MALFORMED_EVENT, Failures.describe(error))
                        .build());
    }

    @Override
    public void forwarded(RoutedResult result) {
        outcomes.record(result);
    }

    private static FailureRecord deadLetter(ContextRetrieved event, BufferedRecord source, PipelineFailure failure) {
        // No candidate at all means generation failed; otherwise validation gave up on the last one.
        Stage stage = failure.attempts() == 0 ? Stage.GENERATION : Stage.VALIDATION;
        return source.failure(stage, failure.errorClass(), failure.message())
                .setSqlstate(failure.sqlState())
                .setAttempt(Math.max(1, failure.attempts()))
                .setCorrelationId(event.getQuestion().getCorrelationId())
                .setContext(event.getContextPacket())
                .setRetrievalMetadata(event.getRetrievalMetadata())
                .build();
    }
}
