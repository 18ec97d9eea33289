package dev.schemarag.generation.kafka;

import dev.schemarag.core.failure.Outcome;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.events.SqlGenerated;
import java.util.List;

/** A pipeline result in the shape of the topics it goes to. */
sealed interface RoutedResult {
    List<SqlGenerated> candidates();

    /** The answer, or the failure for the dead-letter topic of its class and stage. */
    sealed interface Decided extends RoutedResult {
        Outcome<AnswerValidated> outcome();
    }

    /** A question for the questions topic: retrieval is to rank it after all. */
    record RetrieveAgain(QuestionAsked question) implements RoutedResult {
        @Override
        public List<SqlGenerated> candidates() {
            return List.of();
        }
    }

    record Answer(List<SqlGenerated> candidates, AnswerValidated answer) implements Decided {
        @Override
        public Outcome<AnswerValidated> outcome() {
            return Outcome.delivered(answer);
        }
    }

    record DeadLetter(List<SqlGenerated> candidates, FailureRecord failure) implements Decided {
        @Override
        public Outcome<AnswerValidated> outcome() {
            return Outcome.deadLettered(failure);
        }
    }
}
