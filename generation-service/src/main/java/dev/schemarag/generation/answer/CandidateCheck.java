package dev.schemarag.generation.answer;

import dev.schemarag.generation.Deadline;
import java.util.Objects;

/**
 * What a SQL candidate must pass in a {@link RepairLoop}: validation for generation; validation (of a repaired
 * candidate) and then running it for execution. Never throws for a bad candidate or a failing database.
 *
 * @param <T> what a passed candidate gives
 */
@FunctionalInterface
public interface CandidateCheck<T> {

    /** @param attempt 1 for the loop's first candidate, then one more for each candidate after it */
    Verdict<T> check(String sql, int attempt, Deadline deadline);

    /** The candidate passed with {@code value}, or was rejected. */
    sealed interface Verdict<T> {
        record Passed<T>(T value) implements Verdict<T> {}

        record Rejected<T>(StatementValidator.Rejection rejection) implements Verdict<T> {
            public Rejected {
                Objects.requireNonNull(rejection, "rejection");
            }
        }
    }
}
