package dev.schemarag.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DatabaseBulkheadTest {
    private final DatabaseBulkhead bulkhead = new DatabaseBulkhead(2);

    @Test
    void refusesTheThirdStatementOnADatabaseButNotOnAnother() throws InterruptedException {
        Optional<DatabaseBulkhead.Permit> first = bulkhead.enter("erp", Duration.ZERO);
        Optional<DatabaseBulkhead.Permit> second = bulkhead.enter("erp", Duration.ZERO);

        assertThat(first).isPresent();
        assertThat(second).isPresent();
        assertThat(bulkhead.enter("erp", Duration.ofMillis(20))).isEmpty();
        assertThat(bulkhead.enter("sales", Duration.ZERO)).isPresent();
    }

    @Test
    void aClosedPermitFreesItsPlaceOnce() throws InterruptedException {
        DatabaseBulkhead.Permit first = bulkhead.enter("erp", Duration.ZERO).orElseThrow();
        bulkhead.enter("erp", Duration.ZERO).orElseThrow();

        first.close();
        first.close();

        assertThat(bulkhead.enter("erp", Duration.ZERO)).isPresent();
        assertThat(bulkhead.enter("erp", Duration.ZERO)).isEmpty();
    }
}
