package dev.schemarag.generation.postgres;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.generation.answer.ReaderPrivileges;
import dev.schemarag.generation.answer.ReaderVerdict;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Adapter: reads {@link ReaderPrivileges} of the connection's own role from the catalog. The has_*_privilege functions
 * answer as PostgreSQL itself would decide, through PUBLIC, inherited roles and ownership alike. Every schema counts,
 * registered or not, but the system ones (which no grant opens) and the temporary ones (TEMP is allowed, see
 * {@link ReaderVerdict}).
 */
public final class ReaderPrivilegesQuery {
    /** Relation kinds that hold or route rows: tables, partitioned tables, views, materialized views, foreign tables. */
    private static final String RELATIONS = "c.relkind IN ('r', 'p', 'v', 'm', 'f')";
    /** Schemas whose objects count: all but the system catalogs, TOAST and the sessions' temporary schemas. */
    private static final String USER_SCHEMA = "n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')"
            + " AND n.nspname NOT LIKE 'pg\\_temp\\_%' AND n.nspname NOT LIKE 'pg\\_toast\\_temp\\_%'";
    /** Whether the role {@code %1$s} (an SQL expression) may change relation {@code c}, at table or column level. */
    private static final String MAY_WRITE = "(has_table_privilege(%1$s, c.oid, '" + ReaderPrivileges.TABLE_WRITES + "')"
            + " OR has_any_column_privilege(%1$s, c.oid, '" + ReaderPrivileges.COLUMN_WRITES + "'))";
    /** Predefined roles whose members write data or server files, whatever the grants on the tables say. */
    private static final String WRITING_PREDEFINED =
            "('pg_write_all_data', 'pg_write_server_files', 'pg_execute_server_program')";

    private ReaderPrivilegesQuery() {}

    public static ReaderPrivileges read(Connection c) throws SQLException {
        String role;
        String database;
        Set<ReaderPrivileges.Attribute> attributes = EnumSet.noneOf(ReaderPrivileges.Attribute.class);
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT rolname, current_database(), rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls
                FROM pg_roles WHERE rolname = current_user""");
                ResultSet rs = ps.executeQuery()) {
            rs.next();
            role = rs.getString(1);
            database = rs.getString(2);
            ReaderPrivileges.Attribute[] order = ReaderPrivileges.Attribute.values();
            for (int i = 0; i < order.length; i++) if (rs.getBoolean(3 + i)) attributes.add(order[i]);
        }
        return new ReaderPrivileges(
                role, database, attributes, writes(c, role), writes(c, "public"), owned(c), writingRoles(c));
    }

    /** What {@code grantee} (a role name, or "public" for PUBLIC) may change. */
    private static ReaderPrivileges.Writes writes(Connection c, String grantee) throws SQLException {
        List<TableName> tables = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT n.nspname, c.relname FROM pg_class c"
                + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE " + USER_SCHEMA + " AND " + RELATIONS
                + " AND " + MAY_WRITE.formatted("CAST(? AS name)") + " ORDER BY 1, 2")) {
            ps.setString(1, grantee);
            ps.setString(2, grantee);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) tables.add(new TableName(rs.getString(1), rs.getString(2)));
            }
        }
        List<String> creatable = names(
                c,
                "SELECT n.nspname FROM pg_namespace n WHERE " + USER_SCHEMA
                        + " AND has_schema_privilege(CAST(? AS name), n.oid, 'CREATE') ORDER BY 1",
                grantee);
        boolean createOnDatabase;
        try (PreparedStatement ps =
                c.prepareStatement("SELECT has_database_privilege(CAST(? AS name), current_database(), 'CREATE')")) {
            ps.setString(1, grantee);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                createOnDatabase = rs.getBoolean(1);
            }
        }
        return new ReaderPrivileges.Writes(tables, creatable, createOnDatabase);
    }

    private static List<String> owned(Connection c) throws SQLException {
        return names(c, """
                SELECT 'database ' || datname FROM pg_database WHERE datname = current_database() AND datdba = (SELECT oid FROM pg_roles WHERE rolname = current_user)
                UNION ALL
                (SELECT 'schema ' || n.nspname FROM pg_namespace n WHERE %1$s AND n.nspowner = (SELECT oid FROM pg_roles WHERE rolname = current_user) ORDER BY 1)
                UNION ALL
                (SELECT 'table ' || n.nspname || '.' || c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                 WHERE %1$s AND %2$s AND c.relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user) ORDER BY 1)
                """.formatted(USER_SCHEMA, RELATIONS));
    }

    /**
     * Roles the current one is a member of, inheriting or not, that could change the database. pg_database_owner is
     * left out: its only member is the database's owner, which {@link #owned} reports, and membership in it cannot be revoked.
     */
    private static List<String> writingRoles(Connection c) throws SQLException {
        return names(c, """
                SELECT r.rolname FROM pg_roles r
                WHERE r.rolname NOT IN (current_user, 'pg_database_owner') AND pg_has_role(current_user, r.oid, 'MEMBER')
                  AND (r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolreplication OR r.rolbypassrls
                       OR r.rolname IN %s
                       OR has_database_privilege(r.oid, current_database(), 'CREATE')
                       OR EXISTS (SELECT 1 FROM pg_namespace n WHERE %2$s AND has_schema_privilege(r.oid, n.oid, 'CREATE'))
                       OR EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                                  WHERE %2$s AND %3$s AND %4$s))
                ORDER BY 1""".formatted(WRITING_PREDEFINED, USER_SCHEMA, RELATIONS, MAY_WRITE.formatted("r.oid")));
    }

    private static List<String> names(Connection c, String sql, Object... parameters) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) ps.setObject(i + 1, parameters[i]);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) names.add(rs.getString(1));
            }
        }
        return names;
    }
}
