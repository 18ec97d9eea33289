package dev.schemarag.generation.answer;

import dev.schemarag.core.failure.ErrorClass;
import java.util.Set;

/**
 * How many candidates a {@link RepairLoop} tries: at most {@code maxAttempts} in all, and a failure of a class in
 * {@code onlyOnce} is repaired the first time only (a second query that runs too long will not be the last).
 */
public record RepairBudget(int maxAttempts, Set<ErrorClass> onlyOnce) {

    public RepairBudget {
        if (maxAttempts < 1) throw new IllegalArgumentException("maxAttempts must be at least 1, was " + maxAttempts);
        onlyOnce = Set.copyOf(onlyOnce);
    }

    /** At most {@code maxAttempts} candidates, whatever their failures. */
    public static RepairBudget of(int maxAttempts) {
        return new RepairBudget(maxAttempts, Set.of());
    }

    /**
     * @param times how many candidates of this run failed with {@code errorClass}, the latest included
     * @param attempt the candidates tried so far
     */
    boolean allows(ErrorClass errorClass, int times, int attempt) {
        return attempt < maxAttempts && (times == 1 || !onlyOnce.contains(errorClass));
    }
}
