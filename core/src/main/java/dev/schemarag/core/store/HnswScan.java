package dev.schemarag.core.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * pgvector settings for a filtered nearest-neighbour search. The store holds many databases, so a filtered HNSW scan
 * could return fewer than k rows; iterative index scans keep scanning until k rows match. The settings are {@code SET
 * LOCAL}, so they end with the transaction and never leak into other borrowers of the pooled connection.
 */
public final class HnswScan {
    private HnswScan() {}

    /** Opens a transaction on {@code c} with the search settings; the caller ends it (commit or rollback). */
    public static void begin(Connection c) throws SQLException {
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            s.execute("SET LOCAL hnsw.iterative_scan = strict_order");
            s.execute("SET LOCAL hnsw.ef_search = 100");
        }
    }
}
