package dev.schemarag.generation.kafka;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.failure.Outcome;
import dev.schemarag.core.failure.Stage;
import dev.schemarag.core.kafka.Failures;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.QueryResult;
import dev.schemarag.generation.answer.PipelineFailure;
import dev.schemarag.generation.execution.ExecutionPipeline;
import dev.schemarag.generation.execution.ExecutionResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/** Execution's work: the {@link ExecutionPipeline} on one answer, to its result or a dead letter of stage execution. */
final class ExecutionWork implements BufferedWork<AnswerValidated, Outcome<QueryResult>> {
    /** The changelogged store of the answers waiting to run. */
    static final String STORE = "execution-pending-answers";

    private final ExecutionPipeline pipeline;
    private final ExecutionMeters meters;

    ExecutionWork(ExecutionPipeline pipeline, ExecutionMeters meters) {
        this.pipeline = pipeline;
        this.meters = meters;
    }

    @Override
    public String id(AnswerValidated answer) {
        return answer.getQuestionId();
    }

    /** Runs the answer on the worker thread that starts it, which it holds throughout. */
    @Override
    public CompletionStage<Outcome<QueryResult>> start(
            AnswerValidated answer, BufferedRecord source, Executor blocking) {
        ExecutionResult result = pipeline.execute(answer);
        if (result instanceof ExecutionResult.Executed executed)
            return CompletableFuture.completedFuture(Outcome.delivered(executed.result()));
        return CompletableFuture.completedFuture(
                deadLetter(answer, source, ((ExecutionResult.Failed) result).failure()));
    }

    @Override
    public Outcome<QueryResult> threw(AnswerValidated answer, BufferedRecord source, Throwable error) {
        return deadLetter(
                answer,
                source,
                new PipelineFailure(
                        ErrorClass.PROCESSING_ERROR, null, Failures.describe(error) + " in the execution pipeline", 0));
    }

    @Override
    public Outcome<QueryResult> unreadable(BufferedRecord source, RuntimeException error) {
        return Outcome.deadLettered(
                source.failure(Stage.EXECUTION, ErrorClass.MALFORMED_EVENT, Failures.describe(error))
                        .build());
    }

    @Override
    public void forwarded(Outcome<QueryResult> outcome) {
        meters.record(outcome);
    }

    /** Carries the answer's bytes, so that a replay sends it back to the answers topic to run again. */
    private static Outcome<QueryResult> deadLetter(
            AnswerValidated answer, BufferedRecord source, PipelineFailure failure) {
        return Outcome.deadLettered(source.failure(Stage.EXECUTION, failure.errorClass(), failure.message())
                .setSqlstate(failure.sqlState())
                .setAttempt(Math.max(1, failure.attempts()))
                .setCorrelationId(answer.getCorrelationId())
                .setRetrievalMetadata(answer.getRetrievalMetadata())
                .build());
    }
}
