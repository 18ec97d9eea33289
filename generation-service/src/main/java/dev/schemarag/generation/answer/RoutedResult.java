package dev.schemarag.generation.answer;

import dev.schemarag.events.AnswerValidated;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.SqlGenerated;

import java.util.List;
import java.util.Optional;

/** A pipeline result in the shape of the topics it goes to. */
record RoutedResult(List<SqlGenerated> candidates, Optional<AnswerValidated> answer, Optional<FailureRecord> failure) {}
