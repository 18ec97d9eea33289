package dev.schemarag.generation.answer;

import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.SqlGenerated;
import java.util.List;
import java.util.Objects;

/**
 * Every SQL candidate tried for a question, in order, and how it ended: an answer or a failure, or, for a question
 * retrieval passed on as a cache hit that generation could not serve, the question to retrieve again.
 */
public sealed interface PipelineResult {
    List<SqlGenerated> candidates();

    record Answered(List<SqlGenerated> candidates, AnswerValidated answer) implements PipelineResult {
        public Answered {
            candidates = List.copyOf(candidates);
            Objects.requireNonNull(answer, "answer");
        }
    }

    /** The question as retrieval is to read it again: with the answer cache's probe off, so that it ranks it. */
    record RetrieveAgain(QuestionAsked question) implements PipelineResult {
        public RetrieveAgain {
            Objects.requireNonNull(question, "question");
        }

        @Override
        public List<SqlGenerated> candidates() {
            return List.of();
        }
    }

    record Failed(List<SqlGenerated> candidates, PipelineFailure failure) implements PipelineResult {
        public Failed {
            candidates = List.copyOf(candidates);
            Objects.requireNonNull(failure, "failure");
        }
    }
}
