package dev.schemarag.core.store;

import dev.schemarag.core.config.Credentials;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Prepares the store as its administrator, so the services can run as a role that is no superuser: applies the
 * migrations (Flyway, as the administrator, which owns the tables) and gives the runtime role exactly what the
 * services do at run time: read and write the rows of the store's tables and use their sequences. It cannot create,
 * alter or drop anything, and cannot touch Flyway's history. Idempotent and serialized by an advisory lock, so
 * services starting together do not race on {@code CREATE ROLE}.
 */
public final class StoreRuntimeRole {
    /** Arbitrary key of the session-level advisory lock serializing store set-ups. */
    private static final long SETUP_LOCK = 0x5343_4845_4d41_5241L;

    private StoreRuntimeRole() {}

    /**
     * Creates the runtime role when missing (LOGIN, no attributes, the given password) or sets its password, migrates,
     * then grants. Refuses a runtime role that is a superuser: that is the administrator's job, not the services'.
     */
    public static void prepare(Database admin, Credentials runtime) throws SQLException {
        try (Connection c = admin.open(); Statement s = c.createStatement()) {
            s.execute("SELECT pg_advisory_lock(" + SETUP_LOCK + ")");
            try {
                ensureRole(c, runtime);
                admin.migrateStore();
                grant(c, runtime.user());
            } finally {
                s.execute("SELECT pg_advisory_unlock(" + SETUP_LOCK + ")");
            }
        }
    }

    private static void ensureRole(Connection c, Credentials runtime) throws SQLException {
        Boolean superuser = null;
        try (PreparedStatement ps = c.prepareStatement("SELECT rolsuper FROM pg_roles WHERE rolname = ?")) {
            ps.setString(1, runtime.user());
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) superuser = rs.getBoolean(1);
            }
        }
        if (Boolean.TRUE.equals(superuser))
            throw new IllegalStateException("the store's runtime role " + runtime.user() + " (STORE_USER) is a superuser;"
                    + " the services must not run as one: choose another STORE_USER (the administrator is STORE_ADMIN_USER)"
                    + " or run ALTER ROLE " + quote(runtime.user()) + " NOSUPERUSER");
        String password = runtime.password() == null ? "" : " PASSWORD " + literal(runtime.password());
        try (Statement s = c.createStatement()) {
            s.execute(superuser == null
                    ? "CREATE ROLE " + quote(runtime.user()) + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS" + password
                    : "ALTER ROLE " + quote(runtime.user()) + " LOGIN" + password);
        }
    }

    private static void grant(Connection c, String role) throws SQLException {
        String database;
        String schema;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT current_database(), current_schema()")) {
            rs.next();
            database = rs.getString(1);
            schema = rs.getString(2);
        }
        String grantee = quote(role);
        try (Statement s = c.createStatement()) {
            s.execute("GRANT CONNECT ON DATABASE " + quote(database) + " TO " + grantee);
            s.execute("GRANT USAGE ON SCHEMA " + quote(schema) + " TO " + grantee);
            s.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA " + quote(schema) + " TO " + grantee);
            s.execute("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA " + quote(schema) + " TO " + grantee);
            s.execute("REVOKE ALL ON " + quote(schema) + ".flyway_schema_history FROM " + grantee);
        }
    }

    private static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    private static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }
}
