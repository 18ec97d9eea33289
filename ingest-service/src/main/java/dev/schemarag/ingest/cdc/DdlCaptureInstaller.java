package dev.schemarag.ingest.cdc;

import dev.schemarag.core.store.Database;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

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
    private static final String TRIGGERS = "'schemarag_ddl_end', 'schemarag_sql_drop'";

    private DdlCaptureInstaller() {}

    public static void install(Database privileged, String replicationRole, String replicationPassword)
            throws SQLException {
        try (Connection c = privileged.open();
                Statement s = c.createStatement()) {
            s.execute(script());
            ensureRole(c, replicationRole, replicationPassword);
            for (String grant : grants(c.getCatalog(), replicationRole)) s.execute(grant);
        }
    }

    /**
     * Installs as {@link #install} when {@code login} is a superuser; a login that is not may run ingest once a
     * superuser installed the capture (for instance {@code schemarag db add}, or the SQL it prints): then nothing is
     * changed, and a capture that is missing fails naming what to do.
     */
    public static void ensure(Database login, String replicationRole, String replicationPassword) throws SQLException {
        boolean superuser;
        boolean installed;
        try (Connection c = login.open()) {
            superuser = superuser(c);
            installed = installed(c);
        }
        if (superuser) install(login, replicationRole, replicationPassword);
        else if (!installed)
            throw new IllegalStateException("DDL capture is not installed in " + login.url() + " and " + login.user()
                    + " is no superuser: run `schemarag db add` (or the SQL it prints) as a superuser once");
    }

    /** The privileges of the replication role: read the audit table, write heartbeats, nothing else. */
    public static List<String> grants(String database, String replicationRole) {
        String role = quote(replicationRole);
        return List.of(
                "GRANT CONNECT ON DATABASE " + quote(database) + " TO " + role,
                "GRANT USAGE ON SCHEMA schemarag_cdc TO " + role,
                "GRANT SELECT ON schemarag_cdc.ddl_events TO " + role,
                // The heartbeat query runs as the replication role: it inserts a beat and deletes expired ones.
                "GRANT SELECT, INSERT, DELETE ON " + HEARTBEAT_TABLE + " TO " + role);
    }

    /** Whether the connected login is a superuser (event triggers need one). */
    public static boolean superuser(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    /** Whether both event triggers and the publication are in the connected database. */
    public static boolean installed(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT (SELECT count(*) FROM pg_event_trigger WHERE evtname IN ("
                        + TRIGGERS + ")) = 2 AND EXISTS (SELECT 1 FROM pg_publication WHERE pubname = '" + PUBLICATION
                        + "')")) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    /**
     * Removes what {@link #install} created in the connected database: the event triggers first (so no DDL is
     * recorded meanwhile), the publication, then the schema with the audit, heartbeat and name tables and the trigger
     * functions. The replication slot and the roles are not database objects: see {@link #dropSlot}.
     */
    public static void uninstall(Connection privileged) throws SQLException {
        try (Statement s = privileged.createStatement()) {
            s.execute("DROP EVENT TRIGGER IF EXISTS schemarag_ddl_end");
            s.execute("DROP EVENT TRIGGER IF EXISTS schemarag_sql_drop");
            s.execute("DROP PUBLICATION IF EXISTS " + PUBLICATION);
            s.execute("DROP SCHEMA IF EXISTS schemarag_cdc CASCADE");
        }
    }

    /**
     * Drops the replication slot unless a capture engine still streams from it (dropping an active slot fails, and
     * the engine would create it again). Returns false when the slot is active, true when it is gone.
     */
    public static boolean dropSlot(Connection privileged, String slot) throws SQLException {
        try (PreparedStatement ps =
                privileged.prepareStatement("SELECT active FROM pg_replication_slots WHERE slot_name = ?")) {
            ps.setString(1, slot);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return true;
                if (rs.getBoolean(1)) return false;
            }
        }
        try (PreparedStatement ps = privileged.prepareStatement("SELECT pg_drop_replication_slot(?)")) {
            ps.setString(1, slot);
            ps.execute();
            return true;
        } catch (SQLException e) {
            if ("55006".equals(e.getSQLState())) return false; // became active meanwhile (object in use)
            throw e;
        }
    }

    private static void ensureRole(Connection c, String role, String password) throws SQLException {
        boolean exists;
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pg_roles WHERE rolname = ?")) {
            ps.setString(1, role);
            exists = ps.executeQuery().next();
        }
        try (Statement s = c.createStatement()) {
            s.execute(replicationRole(role, "'" + password.replace("'", "''") + "'", exists));
        }
    }

    /** Creates or alters {@code role} as a login with REPLICATION; {@code passwordSql} is a literal or psql variable. */
    public static String replicationRole(String role, String passwordSql, boolean exists) {
        return (exists ? "ALTER ROLE " : "CREATE ROLE ") + quote(role) + " WITH LOGIN REPLICATION PASSWORD "
                + passwordSql;
    }

    private static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    /** The SQL that installs the audit table, the event triggers and the publication (superuser, idempotent). */
    public static String script() {
        try (InputStream in = DdlCaptureInstaller.class.getResourceAsStream(SCRIPT)) {
            if (in == null) throw new IllegalStateException(SCRIPT + " is missing from the classpath");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
