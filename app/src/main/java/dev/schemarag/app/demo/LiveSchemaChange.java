package dev.schemarag.app.demo;

import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.store.Database;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Locale;

/**
 * The demo's live schema change on its ERP database: a column of {@code employees} added (or commented again),
 * followed into pgvector through change capture and the embedding updater. It tells each step on the writer given.
 */
public final class LiveSchemaChange {
    private LiveSchemaChange() {}

    /** Adds (or re-comments) a column and waits until its embedding text in pgvector carries the new comment. */
    public static void run(RegisteredDatabase target, Database store, PrintWriter out)
            throws SQLException, InterruptedException {
        String comment = "Name the employee prefers to be called by (demo change " + System.currentTimeMillis() + ")";
        try (Database erp = new Database(
                        target.jdbcUrl(),
                        target.requireAdmin().user(),
                        target.requireAdmin().password());
                Connection c = erp.borrow();
                Statement s = c.createStatement()) {
            s.execute("ALTER TABLE employees ADD COLUMN IF NOT EXISTS preferred_name varchar(80)");
            s.execute("COMMENT ON COLUMN employees.preferred_name IS '" + comment.replace("'", "''") + "'");
        }
        long committed = System.nanoTime();
        out.println("ALTER TABLE employees ADD COLUMN preferred_name; COMMENT ON COLUMN ... committed");
        try (Connection c = store.borrow();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT stable_text FROM schema_embeddings WHERE database_id = 'erp'"
                                + " AND entity_type = 'column' AND table_name = 'employees' AND column_name = 'preferred_name'")) {
            while (System.nanoTime() - committed < Duration.ofSeconds(30).toNanos()) {
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next() && rs.getString(1).contains(comment)) {
                        out.printf(
                                Locale.ROOT,
                                "arrived in pgvector after %.0f ms; embedding text:%n%s%n",
                                (System.nanoTime() - committed) / 1e6,
                                indent(rs.getString(1)));
                        return;
                    }
                }
                Thread.sleep(5);
            }
        }
        throw new IllegalStateException("the live change did not reach pgvector within 30 s");
    }

    private static String indent(String text) {
        return "    " + text.replace("\n", "\n    ");
    }
}
