package dev.schemarag.core.store;

import static dev.schemarag.core.store.SqlQuoting.identifier;
import static dev.schemarag.core.store.SqlQuoting.identifierIfNeeded;
import static dev.schemarag.core.store.SqlQuoting.literal;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The least-privilege role validation connects as: it may connect, see the schemas and SELECT, nothing more, and
 * every session defaults to read-only transactions. Register each target database with this role's credentials:
 * <pre>
 * CREATE ROLE schemarag_reader LOGIN PASSWORD '...';
 * ALTER ROLE schemarag_reader SET default_transaction_read_only = on;
 * GRANT CONNECT ON DATABASE erp TO schemarag_reader;
 * GRANT USAGE ON SCHEMA public TO schemarag_reader;
 * GRANT SELECT ON ALL TABLES IN SCHEMA public TO schemarag_reader;
 * ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO schemarag_reader;
 * ALTER ROLE schemarag_reader SET statement_timeout = '5000ms';  -- and the other {@link TargetSessionLimits}
 * </pre>
 * {@link #grant} runs exactly these statements as an administrator (idempotent); the variants taking a role name do
 * the same for another role (one per database, as {@code schemarag db add} creates).
 */
public final class ReaderRole {
    public static final String NAME = "schemarag_reader";
    private static final Logger log = LoggerFactory.getLogger(ReaderRole.class);

    private ReaderRole() {}

    public static List<String> statements(String databaseName, List<String> schemas, String password) {
        return statements(NAME, databaseName, schemas, password, TargetSessionLimits.DEFAULT);
    }

    /**
     * The statements for the role {@code role}, its session limits included (the superuser-only
     * {@code temp_file_limit} last); a null password leaves an existing role's password as it is.
     */
    public static List<String> statements(
            String role, String databaseName, List<String> schemas, String password, TargetSessionLimits limits) {
        List<String> sql = new ArrayList<>(grants(role, databaseName, schemas, password, limits));
        sql.add(limit(role, limits.superuserSetting()));
        return sql;
    }

    private static List<String> grants(
            String role, String databaseName, List<String> schemas, String password, TargetSessionLimits limits) {
        String name = identifierIfNeeded(role);
        List<String> sql = new ArrayList<>();
        sql.add("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = " + literal(role) + ") THEN "
                + "CREATE ROLE " + name + " LOGIN; END IF; END $$");
        if (password != null) sql.add("ALTER ROLE " + name + " PASSWORD " + literal(password));
        sql.add("ALTER ROLE " + name + " SET default_transaction_read_only = on");
        sql.add("GRANT CONNECT ON DATABASE " + identifier(databaseName) + " TO " + name);
        for (String schema : schemas) {
            sql.add("GRANT USAGE ON SCHEMA " + identifier(schema) + " TO " + name);
            sql.add("GRANT SELECT ON ALL TABLES IN SCHEMA " + identifier(schema) + " TO " + name);
            sql.add("ALTER DEFAULT PRIVILEGES IN SCHEMA " + identifier(schema) + " GRANT SELECT ON TABLES TO " + name);
        }
        for (Map.Entry<String, String> setting : limits.transactionSettings().entrySet()) sql.add(limit(role, setting));
        return sql;
    }

    private static String limit(String role, Map.Entry<String, String> setting) {
        return "ALTER ROLE " + identifierIfNeeded(role) + " SET " + setting.getKey() + " = "
                + literal(setting.getValue());
    }

    /**
     * What lets {@code reader} run a principal's statements as {@code role}: membership, so that it may SET ROLE to it,
     * with the reader itself NOINHERIT (PostgreSQL 15 has no per-grant INHERIT option), so that the role's privileges
     * apply only after SET ROLE and never to the reader's own statements.
     */
    public static List<String> memberOf(String reader, String role) {
        return List.of(
                "ALTER ROLE " + identifierIfNeeded(reader) + " NOINHERIT",
                "GRANT " + identifierIfNeeded(role) + " TO " + identifierIfNeeded(reader));
    }

    /** Undoes {@link #memberOf}'s grant; the reader stays NOINHERIT, which costs it nothing of its own. */
    public static List<String> notMemberOf(String reader, String role) {
        return List.of("REVOKE " + identifierIfNeeded(role) + " FROM " + identifierIfNeeded(reader));
    }

    /** Creates or updates the role on the database {@code admin} is connected to. */
    public static void grant(Connection admin, String databaseName, List<String> schemas, String password)
            throws SQLException {
        grant(admin, NAME, databaseName, schemas, password, TargetSessionLimits.DEFAULT);
    }

    /**
     * As {@link #grant(Connection, String, List, String)} for the role {@code role} with {@code limits}. An
     * administrator who is no superuser cannot set {@code temp_file_limit}; that one is then left out with a warning
     * naming the statement a superuser runs.
     */
    public static void grant(
            Connection admin,
            String role,
            String databaseName,
            List<String> schemas,
            String password,
            TargetSessionLimits limits)
            throws SQLException {
        // Services starting together grant the same role at once; PostgreSQL fails concurrent updates of one catalog
        // row ("tuple concurrently updated") instead of queueing them, so the grants take turns under a lock that
        // lasts until the end of the transaction: one of their own unless the caller has one open.
        boolean ownTransaction = admin.getAutoCommit();
        if (ownTransaction) admin.setAutoCommit(false);
        try (Statement st = admin.createStatement()) {
            st.execute("SELECT pg_advisory_xact_lock(hashtext(" + literal("schemarag grant " + role) + "))");
            for (String sql : grants(role, databaseName, schemas, password, limits)) st.execute(sql);
            setIfPermitted(admin, st, limit(role, limits.superuserSetting()));
            if (ownTransaction) admin.commit();
        } catch (SQLException | RuntimeException e) {
            if (ownTransaction) admin.rollback();
            throw e;
        } finally {
            if (ownTransaction) admin.setAutoCommit(true);
        }
    }

    private static void setIfPermitted(Connection admin, Statement st, String sql) throws SQLException {
        Savepoint before = admin.setSavepoint();
        try {
            st.execute(sql);
            admin.releaseSavepoint(before);
        } catch (SQLException e) {
            if (!"42501".equals(e.getSQLState())) throw e;
            admin.rollback(before);
            log.warn("the administrator may not set a superuser-only limit; a superuser should run: {}", sql);
        }
    }
}
