package dev.schemarag.core.store;

import static dev.schemarag.core.store.SqlQuoting.identifier;
import static dev.schemarag.core.store.SqlQuoting.literal;

import dev.schemarag.core.config.Credentials;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

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
     * Creates the runtime role when missing (LOGIN, no attributes, the given password) or sets its password and strips
     * its attributes, migrates, then grants. Refuses a runtime role that is a superuser or owns part of the store:
     * undoing either is the administrator's decision, not the services'.
     */
    public static void prepare(Database admin, Credentials runtime) throws SQLException {
        try (Connection c = admin.open();
                Statement s = c.createStatement()) {
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

    /**
     * An existing role keeps LOGIN and gets the new password, but loses every attribute that reaches past rows, and
     * must own nothing the services could then alter or drop: ownership is not a grant that REVOKE removes.
     */
    private static void ensureRole(Connection c, Credentials runtime) throws SQLException {
        Boolean superuser = null;
        try (PreparedStatement ps = c.prepareStatement("SELECT rolsuper FROM pg_roles WHERE rolname = ?")) {
            ps.setString(1, runtime.user());
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) superuser = rs.getBoolean(1);
            }
        }
        String role = identifier(runtime.user());
        if (Boolean.TRUE.equals(superuser))
            throw new IllegalStateException(
                    "the store's runtime role " + runtime.user() + " (STORE_USER) is a superuser;"
                            + " the services must not run as one: choose another STORE_USER (the administrator is STORE_ADMIN_USER)"
                            + " or run ALTER ROLE " + role + " NOSUPERUSER");
        if (superuser != null) refuseOwner(c, runtime.user());
        String password = runtime.password() == null ? "" : " PASSWORD " + literal(runtime.password());
        try (Statement s = c.createStatement()) {
            s.execute(
                    (superuser == null ? "CREATE ROLE " + role + " LOGIN NOSUPERUSER" : "ALTER ROLE " + role + " LOGIN")
                            + " NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS" + password);
        }
    }

    /** Refuses a runtime role that owns the store's database, its schema or anything in that schema. */
    private static void refuseOwner(Connection c, String role) throws SQLException {
        List<String> owned = new ArrayList<>();
        String administrator;
        try (PreparedStatement ps = c.prepareStatement("""
                WITH r AS (SELECT oid FROM pg_roles WHERE rolname = ?), s AS (SELECT oid, nspname FROM pg_namespace WHERE nspname = current_schema())
                SELECT 'database ' || datname FROM pg_database, r WHERE datname = current_database() AND datdba = r.oid
                UNION ALL SELECT 'schema ' || s.nspname FROM pg_namespace n, r, s WHERE n.oid = s.oid AND n.nspowner = r.oid
                UNION ALL SELECT 'relation ' || s.nspname || '.' || relname FROM pg_class, r, s WHERE relnamespace = s.oid AND relowner = r.oid
                UNION ALL SELECT 'function ' || s.nspname || '.' || proname FROM pg_proc, r, s WHERE pronamespace = s.oid AND proowner = r.oid
                UNION ALL SELECT 'type ' || s.nspname || '.' || typname FROM pg_type t, r, s
                          WHERE typnamespace = s.oid AND typowner = r.oid AND typrelid = 0 AND typelem = 0""")) {
            ps.setString(1, role);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) owned.add(rs.getString(1));
            }
        }
        if (owned.isEmpty()) return;
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_user")) {
            rs.next();
            administrator = rs.getString(1);
        }
        throw new IllegalStateException("the store's runtime role " + role + " (STORE_USER) owns "
                + String.join(", ", owned)
                + "; an owner can alter and drop what it owns whatever is granted. As the store administrator run"
                + " REASSIGN OWNED BY " + identifier(role) + " TO " + identifier(administrator) + "; then start again");
    }

    private static void grant(Connection c, String role) throws SQLException {
        String database;
        String schema;
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_database(), current_schema()")) {
            rs.next();
            database = rs.getString(1);
            schema = rs.getString(2);
        }
        String grantee = identifier(role);
        try (Statement s = c.createStatement()) {
            s.execute("GRANT CONNECT ON DATABASE " + identifier(database) + " TO " + grantee);
            s.execute("GRANT USAGE ON SCHEMA " + identifier(schema) + " TO " + grantee);
            s.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA " + identifier(schema) + " TO "
                    + grantee);
            s.execute("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA " + identifier(schema) + " TO " + grantee);
            s.execute("REVOKE ALL ON " + identifier(schema) + ".flyway_schema_history FROM " + grantee);
        }
    }
}
