package dev.schemarag.generation.kafka;

import dev.schemarag.core.failure.Outcome;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.SqlGenerated;
import java.util.List;

/** A pipeline result in the shape of the topics it goes to. */
sealed interface RoutedResult {
    List<SqlGenerated> candidates();

    /** The answer, or the failure for the dead-letter topic of its class and stage. */
    Outcome<AnswerValidated> outcome();

    record Answer(List<SqlGenerated> candidates, AnswerValidated answer) implements RoutedResult {
        @Override
        public Outcome<AnswerValidated> outcome() {
            return Outcome.delivered(answer);
        }
    }

    record DeadLetter(List<SqlGenerated> candidates, FailureRecord failure) implements RoutedResult {
        @Override
        public Outcome<AnswerValidated> outcome() {
            return Outcome.deadLettered(failure);
        }
    }
}
