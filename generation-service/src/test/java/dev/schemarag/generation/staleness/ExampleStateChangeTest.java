package dev.schemarag.generation.staleness;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExampleStateChangeTest {
    private static final Replan BROKEN = new Replan.Broken("42703", "42703 column \"first_name\" does not exist");

    @Test
    void aServedExampleThatNoLongerPlansIsQuarantined() {
        assertThat(ExampleStateChange.next(false, BROKEN)).contains(ExampleStateChange.State.QUARANTINED);
    }

    @Test
    void aQuarantinedExampleThatPlansAgainIsRestored() {
        assertThat(ExampleStateChange.next(true, new Replan.Plans())).contains(ExampleStateChange.State.RESTORED);
    }

    @Test
    void anExampleThatKeepsItsStateIsNoChange() {
        assertThat(ExampleStateChange.next(false, new Replan.Plans())).isEmpty();
        assertThat(ExampleStateChange.next(true, BROKEN)).isEmpty();
    }

    @Test
    void anUndecidedReplanNeverQuarantinesNorRestores() {
        Replan outage = new Replan.Undecided("infra_failure: connection refused");

        assertThat(ExampleStateChange.next(false, outage)).isEmpty();
        assertThat(ExampleStateChange.next(true, outage)).isEmpty();
    }
}
