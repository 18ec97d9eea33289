package dev.schemarag.app.demo;

import dev.schemarag.core.store.Database;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;

/** What a sync put in the catalog of a database, as the demo shows it after its full sync. */
public final class CatalogStats {
    private CatalogStats() {}

    /** One line per entity type of {@code databaseId}: its embeddings, the generic ones, the modules. */
    public static void print(Database store, String databaseId, PrintWriter out) throws SQLException {
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT entity_type, sum(embedding_count), sum(generic_count), count(DISTINCT module)"
                                + " FROM retrieval_stats WHERE database_id = ? GROUP BY entity_type ORDER BY entity_type")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next())
                    out.printf(
                            Locale.ROOT,
                            "  %-7s %5d embeddings, %4d generic, %d modules%n",
                            rs.getString(1),
                            rs.getLong(2),
                            rs.getLong(3),
                            rs.getLong(4));
            }
        }
    }
}
