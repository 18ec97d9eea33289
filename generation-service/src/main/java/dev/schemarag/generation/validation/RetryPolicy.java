package dev.schemarag.generation.validation;

import dev.schemarag.core.failure.ErrorClass;
import java.util.Objects;

/**
 * Whether a failed query goes back to the generator, and with which instruction. The number of attempts is the
 * repair loop's setting, not the policy's: the policy only says whether another attempt can help.
 */
public record RetryPolicy(boolean retried, String instruction) {

    public RetryPolicy {
        Objects.requireNonNull(instruction, "instruction");
        if (retried && instruction.isBlank()) throw new IllegalArgumentException("a retry needs an instruction");
    }

    /** Only a query the database cancelled or rejected can be repaired; every other failure would only repeat. */
    public static RetryPolicy of(ErrorClass errorClass) {
        return switch (errorClass) {
            case QUERY_TIMEOUT ->
                retryWith("The query was cancelled because it ran too long. Rewrite it to be simpler "
                        + "and cheaper: join only the tables the question needs, filter as early as possible, avoid "
                        + "correlated subqueries and never produce a cartesian product.");
            case SQL_ERROR ->
                retryWith(
                        "The database rejected the query with the error below. Fix exactly that "
                                + "error, keep the rest of the query's intent, and use only tables and columns from the schema.");
            default -> never();
        };
    }

    public static RetryPolicy never() {
        return new RetryPolicy(false, "");
    }

    public static RetryPolicy retryWith(String instruction) {
        return new RetryPolicy(true, instruction);
    }
}
