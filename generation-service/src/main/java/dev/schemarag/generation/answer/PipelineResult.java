package dev.schemarag.generation.answer;

import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.SqlGenerated;

import java.util.List;
import java.util.Optional;

/** Every SQL candidate tried for a question, in order, and how it ended: an answer or a failure. */
public record PipelineResult(List<SqlGenerated> candidates, Optional<AnswerValidated> answer, Optional<PipelineFailure> failure) {

    public PipelineResult {
        candidates = List.copyOf(candidates);
        if (answer.isPresent() == failure.isPresent())
            throw new IllegalArgumentException("a result is either an answer or a failure");
    }

    static PipelineResult answered(List<SqlGenerated> candidates, AnswerValidated answer) {
        return new PipelineResult(candidates, Optional.of(answer), Optional.empty());
    }

    static PipelineResult failed(List<SqlGenerated> candidates, PipelineFailure failure) {
        return new PipelineResult(candidates, Optional.empty(), Optional.of(failure));
    }
}
