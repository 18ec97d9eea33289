package dev.schemarag.ingest.updater;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.events.ChangeKind;
import dev.schemarag.events.SchemaChanged;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RefreshCoverageTest {
    private final RefreshCoverage coverage = new RefreshCoverage();

    @Test
    void aRefreshCoversItsTablesChangesUpToTheNewestPublishedWhenItBegan() {
        coverage.refreshed(change("orders"), 0, 7);

        assertThat(coverage.covers(change("orders"), 0, 5)).isTrue();
        assertThat(coverage.covers(change("orders"), 0, 7)).isTrue();
        assertThat(coverage.covers(change("orders"), 0, 8)).isFalse();
        assertThat(coverage.covers(change("customers"), 0, 5)).isFalse();
        assertThat(coverage.covers(change("orders"), 1, 5)).isFalse(); // offsets of another partition say nothing
    }

    @Test
    void anOlderRefreshDoesNotNarrowWhatANewerOneCovered() {
        coverage.refreshed(change("orders"), 0, 9);
        coverage.refreshed(change("orders"), 0, 4);

        assertThat(coverage.covers(change("orders"), 0, 9)).isTrue();
    }

    @Test
    void tablesOfOtherDatabasesOrSchemasAreTheirOwn() {
        coverage.refreshed(change("orders"), 0, 9);

        assertThat(coverage.covers(change("crm", "sales", "orders", "ALTER TABLE", null), 0, 3))
                .isFalse();
        assertThat(coverage.covers(change("erp", "archive", "orders", "ALTER TABLE", null), 0, 3))
                .isFalse();
    }

    @Test
    void renamesAndPrivilegeChangesAreNeverCoveredButTheirRefreshesCoverLaterChanges() {
        SchemaChanged rename = change("erp", "sales", "orders", "ALTER TABLE", "sales.old_orders");
        SchemaChanged revoke = change("erp", "sales", "orders", "REVOKE", null);
        coverage.refreshed(rename, 0, 9);

        assertThat(coverage.covers(rename, 0, 3)).isFalse();
        assertThat(coverage.covers(revoke, 0, 3)).isFalse();
        assertThat(coverage.covers(change("orders"), 0, 3)).isTrue();
    }

    @Test
    void clearingForgetsEveryRefresh() {
        coverage.refreshed(change("orders"), 0, 9);
        coverage.clear();

        assertThat(coverage.covers(change("orders"), 0, 3)).isFalse();
    }

    private static SchemaChanged change(String table) {
        return change("erp", "sales", table, "ALTER TABLE", null);
    }

    private static SchemaChanged change(String db, String schema, String table, String tag, String previousTable) {
        // The all-fields constructor: the builder's defaults need the Avro package trusted, which only a serde does.
        return new SchemaChanged(
                db,
                schema,
                table,
                null,
                previousTable != null ? ChangeKind.RENAME_TABLE : ChangeKind.ALTER_TABLE,
                tag,
                previousTable,
                null,
                "0/16B3748",
                Instant.EPOCH);
    }
}
