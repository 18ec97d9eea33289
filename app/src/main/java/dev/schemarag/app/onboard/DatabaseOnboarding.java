package dev.schemarag.app.onboard;

import static dev.schemarag.core.store.SqlQuoting.identifier;

import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.ReaderRole;
import dev.schemarag.core.store.TargetSessionLimits;
import dev.schemarag.ingest.cdc.DdlCaptureInstaller;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Adapter: what {@code db add} and {@code db remove} do on a target database over its admin login — read the
 * {@link ServerFacts}, create the reader and replication roles and install DDL capture (the installer ingest uses),
 * or write the same as SQL for a superuser to run; and undo all of it.
 */
public final class DatabaseOnboarding {
    private final Database admin;

    public DatabaseOnboarding(Database admin) {
        this.admin = admin;
    }

    public ServerFacts facts(List<String> schemas, OnboardingRoles roles) throws SQLException {
        try (Connection c = admin.open()) {
            List<String> missing = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT s FROM unnest(?::text[]) s"
                    + " WHERE NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = s)")) {
                Array array = c.createArrayOf("text", schemas.toArray());
                ps.setArray(1, array);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) missing.add(rs.getString(1));
                }
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT current_setting('server_version_num')::int,"
                            + " current_setting('wal_level'),"
                            + " current_setting('max_replication_slots')::int"
                            + " - (SELECT count(*) FROM pg_replication_slots)::int")) {
                rs.next();
                return new ServerFacts(
                        rs.getInt(1),
                        rs.getString(2),
                        rs.getInt(3),
                        DdlCaptureInstaller.superuser(c),
                        missing,
                        roleExists(c, roles.reader()),
                        roleExists(c, roles.cdc()),
                        DdlCaptureInstaller.installed(c));
            }
        }
    }

    /**
     * Creates or updates both roles and installs DDL capture (superuser only). A null reader password leaves an
     * existing reader's password alone.
     */
    public void install(
            List<String> schemas,
            OnboardingRoles roles,
            String readerPassword,
            String cdcPassword,
            TargetSessionLimits limits)
            throws SQLException {
        try (Connection c = admin.open()) {
            ReaderRole.grant(c, roles.reader(), c.getCatalog(), schemas, readerPassword, limits);
        }
        DdlCaptureInstaller.install(admin, roles.cdc(), cdcPassword);
    }

    /**
     * The SQL {@link #install} runs, for a superuser to run with psql when the admin login is none; the passwords are
     * the psql variables {@code reader_password} and {@code cdc_password}.
     */
    public static String installScript(
            String database, List<String> schemas, OnboardingRoles roles, TargetSessionLimits limits) {
        StringBuilder sql = new StringBuilder();
        sql.append("-- SchemaRAG: reader and replication roles, DDL capture. Run as a superuser:\n")
                .append("--   psql -d ")
                .append(database)
                .append(" -v reader_password=... -v cdc_password=... -f <this file>\n")
                .append("-- then run schemarag db add again with DB_READER_PASSWORD and DB_CDC_PASSWORD set.\n");
        for (String statement : ReaderRole.statements(roles.reader(), database, schemas, null, limits))
            sql.append(statement).append(";\n");
        sql.append("ALTER ROLE ").append(identifier(roles.reader())).append(" PASSWORD :'reader_password';\n");
        sql.append(DdlCaptureInstaller.script()).append('\n');
        sql.append("DROP ROLE IF EXISTS ").append(identifier(roles.cdc())).append(";\n");
        sql.append(DdlCaptureInstaller.replicationRole(roles.cdc(), ":'cdc_password'", false))
                .append(";\n");
        for (String grant : DdlCaptureInstaller.grants(database, roles.cdc()))
            sql.append(grant).append(";\n");
        return sql.toString();
    }

    /** What {@link #remove} left behind; empty when everything is gone. */
    public record Leftovers(boolean slotActive, List<String> roles) {
        public boolean none() {
            return !slotActive && roles.isEmpty();
        }
    }

    /**
     * Drops the replication slot (only when no engine streams from it), then the event triggers, the publication and
     * the capture schema, then {@code createdRoles} (their privileges first). An active slot stops it before anything
     * is dropped, so that it can be run again once ingest has let go of the database.
     */
    public Leftovers remove(String slot, List<String> createdRoles) throws SQLException {
        try (Connection c = admin.open()) {
            if (!DdlCaptureInstaller.dropSlot(c, slot)) return new Leftovers(true, createdRoles);
            DdlCaptureInstaller.uninstall(c);
            List<String> left = new ArrayList<>();
            for (String role : createdRoles) if (!dropRole(c, role)) left.add(role);
            return new Leftovers(false, left);
        }
    }

    /** False when the role still holds privileges in another database (DROP OWNED only reaches this one). */
    private static boolean dropRole(Connection c, String role) throws SQLException {
        if (!roleExists(c, role)) return true;
        try (Statement s = c.createStatement()) {
            s.execute("DROP OWNED BY " + identifier(role));
            s.execute("DROP ROLE " + identifier(role));
            return true;
        } catch (SQLException e) {
            if ("2BP01".equals(e.getSQLState())) return false; // dependent objects elsewhere
            throw e;
        }
    }

    private static boolean roleExists(Connection c, String role) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM pg_roles WHERE rolname = ?")) {
            ps.setString(1, role);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
