package dev.schemarag.generation.kafka;

import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.SqlGenerated;
import java.util.List;

/** A pipeline result in the shape of the topics it goes to. */
sealed interface RoutedResult {
    List<SqlGenerated> candidates();

    record Answer(List<SqlGenerated> candidates, AnswerValidated answer) implements RoutedResult {}

    /** A failure and the dead-letter topic its class goes to, decided once where the class is known. */
    record DeadLetter(List<SqlGenerated> candidates, DeadLetterTopic topic, FailureRecord failure)
            implements RoutedResult {}
}
