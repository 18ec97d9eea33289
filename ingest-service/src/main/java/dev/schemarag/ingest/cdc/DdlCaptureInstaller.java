package dev.schemarag.ingest.cdc;

import dev.schemarag.core.store.Database;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Installs DDL capture in a target database over a privileged (superuser) connection: the audit table, the event
 * triggers, the publication, and a replication role whose only table privilege is SELECT on the audit table.
 * Idempotent: safe to run at every start.
 * <p>
 * What the role's REPLICATION attribute still allows, honestly: the publication limits what the pgoutput plugin
 * sends through SchemaRAG's slot, but a replication role may create slots of its own, with another output plugin
 * (test_decoding ships with PostgreSQL), and so read every row change of any database it may connect to; and where
 * pg_hba.conf admits replication connections it may stream a physical base backup of the whole cluster. Treat its
 * password like read access to all data: keep replication entries in pg_hba.conf to the hosts ingest runs on.
 */
public final class DdlCaptureInstaller {
    public static final String PUBLICATION = "schemarag_ddl";
    /** Debezium's heartbeat writes here, so that the slot advances while no DDL happens. */
    public static final String HEARTBEAT_TABLE = "schemarag_cdc.heartbeat";

    private static final String SCRIPT = "/cdc/install-ddl-capture.sql";

    private DdlCaptureInstaller() {}

    public static void install(Database privileged, String replicationRole, String replicationPassword)
            throws SQLException {
        try (Connection c = privileged.open();
                Statement s = c.createStatement()) {
            s.execute(script());
            ensureRole(c, replicationRole, replicationPassword);
            s.execute("GRANT CONNECT ON DATABASE " + quote(c.getCatalog()) + " TO " + quote(replicationRole));
            s.execute("GRANT USAGE ON SCHEMA schemarag_cdc TO " + quote(replicationRole));
            s.execute("GRANT SELECT ON schemarag_cdc.ddl_events TO " + quote(replicationRole));
            // The heartbeat query runs as the replication role: it inserts a beat and deletes expired ones.
            s.execute("GRANT SELECT, INSERT, DELETE ON " + HEARTBEAT_TABLE + " TO " + quote(replicationRole));
        }
    }

    private static void ensureRole(Connection c, String role, String password) throws SQLException {
        boolean exists;
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pg_roles WHERE rolname = ?")) {
            ps.setString(1, role);
            exists = ps.executeQuery().next();
        }
        try (Statement s = c.createStatement()) {
            String literal = "'" + password.replace("'", "''") + "'";
            s.execute((exists ? "ALTER ROLE " : "CREATE ROLE ") + quote(role) + " WITH LOGIN REPLICATION PASSWORD "
                    + literal);
        }
    }

    private static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    private static String script() {
        try (InputStream in = DdlCaptureInstaller.class.getResourceAsStream(SCRIPT)) {
            if (in == null) throw new IllegalStateException(SCRIPT + " is missing from the classpath");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
