package dev.schemarag.generation.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.store.TargetSessionLimits;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The batch that opens a reader's transaction: READ ONLY first, every limit as SET LOCAL, the role last. */
class TransactionSetupTest {
    private final TargetSessionLimits limits = TargetSessionLimits.DEFAULT.withStatementTimeout(Duration.ofMillis(750));

    @Test
    void readOnlyComesFirstThenEveryLimitAsSetLocal() {
        String setup = ReaderSessions.transactionSetup(limits, Optional.empty());

        assertThat(setup).startsWith("SET TRANSACTION READ ONLY; ");
        assertThat(setup.split("; ")).hasSize(1 + limits.transactionSettings().size());
        assertThat(setup)
                .contains("SET LOCAL \"statement_timeout\" = '750ms'")
                .contains("SET LOCAL \"work_mem\" = '8192kB'")
                .doesNotContain("ROLE");
    }

    @Test
    void theAskersRoleIsSetLocalLastAsAQuotedIdentifier() {
        String setup = ReaderSessions.transactionSetup(limits, Optional.of("hr\"; DROP TABLE x; --"));

        assertThat(setup).endsWith("; SET LOCAL ROLE \"hr\"\"; DROP TABLE x; --\"");
    }
}
