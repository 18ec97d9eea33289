package dev.schemarag.generation.answer;

import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.SqlGenerated;
import java.util.List;
import java.util.Objects;

/** Every SQL candidate tried for a question, in order, and how it ended: an answer or a failure. */
public sealed interface PipelineResult {
    List<SqlGenerated> candidates();

    record Answered(List<SqlGenerated> candidates, AnswerValidated answer) implements PipelineResult {
        public Answered {
            candidates = List.copyOf(candidates);
            Objects.requireNonNull(answer, "answer");
        }
    }

    record Failed(List<SqlGenerated> candidates, PipelineFailure failure) implements PipelineResult {
        public Failed {
            candidates = List.copyOf(candidates);
            Objects.requireNonNull(failure, "failure");
        }
    }
}
