package dev.schemarag.bench;

import dev.schemarag.core.store.Database;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;

/**
 * Waits for a {@link DdlBurst}'s comment marker on its probe table's {@code note} column to reach the store: what a
 * benchmark times a change's way into the catalog by.
 */
final class ProbeComment {
    private static final Duration POLL = Duration.ofMillis(20);

    private ProbeComment() {}

    /** When the marker was first seen in the store, in epoch ms; empty when it did not arrive within {@code timeout}. */
    static Optional<Long> awaitMarker(
            Database store, String databaseId, String probeTable, String marker, Duration timeout)
            throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            try (Connection c = store.borrow();
                    PreparedStatement ps = c.prepareStatement(
                            "SELECT stable_text FROM schema_embeddings WHERE database_id = ? AND entity_type = 'column'"
                                    + " AND table_name = ? AND column_name = 'note'")) {
                ps.setString(1, databaseId);
                ps.setString(2, probeTable);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next() && rs.getString(1).contains(marker)) return Optional.of(System.currentTimeMillis());
                }
            }
            Thread.sleep(POLL.toMillis());
        }
        return Optional.empty();
    }
}
