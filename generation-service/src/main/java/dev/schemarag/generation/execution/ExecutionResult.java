package dev.schemarag.generation.execution;

import dev.schemarag.events.QueryResult;
import dev.schemarag.generation.answer.PipelineFailure;
import java.util.Objects;

/** How running an answer ended: its rows, or why it has none. */
public sealed interface ExecutionResult {

    record Executed(QueryResult result) implements ExecutionResult {
        public Executed {
            Objects.requireNonNull(result, "result");
        }
    }

    /** @param failure {@code attempts} counts the statements tried in execution, repairs included */
    record Failed(PipelineFailure failure) implements ExecutionResult {
        public Failed {
            Objects.requireNonNull(failure, "failure");
        }
    }
}
