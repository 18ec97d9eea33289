package dev.schemarag.app.onboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class OnboardingChecksTest {
    private static final ServerFacts READY =
            new ServerFacts(150004, "logical", 5, true, List.of(), false, false, false);

    @Test
    void aLogicalPostgres15WithAFreeSlotAndItsSchemasHasNoProblem() {
        assertThat(OnboardingChecks.problems(READY)).isEmpty();
    }

    @Test
    void replicaWalLevelIsAProblemWhoseFixSetsLogical() {
        ServerFacts replica = new ServerFacts(150004, "replica", 5, true, List.of(), false, false, false);

        assertThat(OnboardingChecks.problems(replica)).singleElement().satisfies(p -> {
            assertThat(p.what()).contains("wal_level is replica");
            assertThat(p.fix()).contains("ALTER SYSTEM SET wal_level = logical").contains("restart");
        });
    }

    @Test
    void anOldServerNoFreeSlotAndAMissingSchemaAreEachReported() {
        ServerFacts facts = new ServerFacts(90624, "logical", 0, true, List.of("sales"), false, false, false);

        assertThat(OnboardingChecks.problems(facts))
                .extracting(OnboardingChecks.Problem::what)
                .containsExactly(
                        "PostgreSQL 9.6.24 is too old for logical decoding with pgoutput",
                        "no replication slot is free (max_replication_slots reached)",
                        "schema sales does not exist in the database");
    }

    @Test
    void noFreeSlotIsNoProblemWhenTheCaptureIsInstalledAlready() {
        ServerFacts rerun = new ServerFacts(150004, "logical", 0, false, List.of(), true, true, true);

        assertThat(OnboardingChecks.problems(rerun)).isEmpty();
    }

    @Test
    void versionsPrintAsPostgresWritesThem() {
        assertThat(OnboardingChecks.version(150004)).isEqualTo("15.4");
        assertThat(OnboardingChecks.version(90624)).isEqualTo("9.6.24");
    }
}
