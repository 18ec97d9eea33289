package dev.schemarag.generation.staleness;

import java.util.Optional;

/**
 * An example a schema change quarantined or restored.
 *
 * @param changedTable {@code schema.table}, the table whose change made it be checked again
 * @param cause why it was quarantined; null when it was restored
 * @param catalogVersion the database's catalog version in the store when the example was checked, when known
 */
public record ExampleStateChange(
        StoredExample example, State state, Replan.Broken cause, String changedTable, String catalogVersion) {

    public enum State {
        /** Its SQL no longer plans: it is neither served offline nor shown to the model. */
        QUARANTINED,
        /** Its SQL plans again: it is served again. */
        RESTORED
    }

    /**
     * The state an example moves to after it was planned again: a served one that broke is quarantined, a quarantined
     * one that plans is restored; an undecided replan changes nothing, so that an outage never quarantines anything.
     */
    public static Optional<State> next(boolean quarantined, Replan replan) {
        if (replan instanceof Replan.Broken && !quarantined) return Optional.of(State.QUARANTINED);
        if (replan instanceof Replan.Plans && quarantined) return Optional.of(State.RESTORED);
        return Optional.empty();
    }
}
