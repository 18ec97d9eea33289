package dev.schemarag.core.store;

import dev.schemarag.core.config.Principals;
import dev.schemarag.core.config.SqlDialect;
import dev.schemarag.core.schema.ReadableSchema;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Adapter: the recorded privileges of a database's mapped roles ({@code catalog_table_access}), its row-level security
 * policies ({@code catalog_table_policies}), its principal mapping ({@code catalog_principals}, {@code
 * catalog_default_roles}) and its SQL dialect ({@code catalog_dialects}) in the schema store. Writes only what differs, so an unchanged refresh bumps no version.
 */
public final class CatalogAccessStore {
    private final Database db;

    public CatalogAccessStore(Database db) {
        this.db = db;
    }

    /**
     * Makes the recorded access of the database exactly {@code access} (tables absent from it: nothing recorded), its
     * mapping {@code principals} and its {@code dialect}, in one transaction; returns the tables whose access changed.
     */
    public synchronized Set<TableName> replace(
            String databaseId, Principals principals, SqlDialect dialect, Map<TableName, TableAccess> access)
            throws SQLException {
        Set<TableName> changed = new LinkedHashSet<>();
        try (Connection c = db.borrow()) {
            c.setAutoCommit(false);
            try {
                Map<TableName, TableAccess> stored = access(c, databaseId);
                Set<TableName> tables = new HashSet<>(stored.keySet());
                tables.addAll(access.keySet());
                for (TableName table : tables) {
                    TableAccess now = access.getOrDefault(table, TableAccess.NONE);
                    if (now.equals(stored.getOrDefault(table, TableAccess.NONE))) continue;
                    write(c, databaseId, table, now);
                    changed.add(table);
                }
                if (!principals.equals(principals(c, databaseId))) writePrincipals(c, databaseId, principals);
                if (dialect != dialect(c, databaseId)) writeDialect(c, databaseId, dialect);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
        return changed;
    }

    /** The recorded access of every table of the database that has any. */
    public static Map<TableName, TableAccess> access(Connection c, String databaseId) throws SQLException {
        return access(c, databaseId, "");
    }

    /**
     * The recorded access of the database's tables that match {@code restriction}, a condition on schema_name and
     * table_name appended to the statements' {@code WHERE database_id = ?} (empty for every table), taking no parameter
     * beyond {@code extra}, bound after the database id.
     */
    public static Map<TableName, TableAccess> access(
            Connection c, String databaseId, String restriction, Object... extra) throws SQLException {
        Map<TableName, Map<String, List<String>>> readers = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT schema_name, table_name, role_name, columns FROM catalog_table_access WHERE database_id = ?"
                        + restriction)) {
            bind(ps, databaseId, extra);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next())
                    readers.computeIfAbsent(new TableName(rs.getString(1), rs.getString(2)), t -> new TreeMap<>())
                            .put(rs.getString(3), List.of((String[])
                                    rs.getArray(4).getArray()));
            }
        }
        Map<TableName, List<String>> policies = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT schema_name, table_name, policies FROM catalog_table_policies WHERE database_id = ?"
                        + restriction)) {
            bind(ps, databaseId, extra);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next())
                    policies.put(new TableName(rs.getString(1), rs.getString(2)), List.of((String[])
                            rs.getArray(3).getArray()));
            }
        }
        Set<TableName> tables = new HashSet<>(readers.keySet());
        tables.addAll(policies.keySet());
        Map<TableName, TableAccess> access = new HashMap<>();
        for (TableName table : tables)
            access.put(
                    table,
                    new TableAccess(
                            readers.getOrDefault(table, Map.of()),
                            policies.containsKey(table),
                            policies.getOrDefault(table, List.of())));
        return access;
    }

    /** The database's stored tables as {@code role} may read them, from the recorded access and stored columns. */
    public static ReadableSchema readableSchema(Connection c, String databaseId, String role) throws SQLException {
        Map<TableName, List<String>> columns = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT schema_name, table_name, column_name FROM"
                + " schema_embeddings WHERE database_id = ? AND entity_type = 'column'")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next())
                    columns.computeIfAbsent(new TableName(rs.getString(1), rs.getString(2)), t -> new ArrayList<>())
                            .add(rs.getString(3));
            }
        }
        return ReadableSchema.of(columns, access(c, databaseId), role);
    }

    /** The principal mapping recorded with the database's privileges. */
    public static Principals principals(Connection c, String databaseId) throws SQLException {
        Map<String, String> roles = new HashMap<>();
        try (PreparedStatement ps =
                c.prepareStatement("SELECT principal, role_name FROM catalog_principals WHERE database_id = ?")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) roles.put(rs.getString(1), rs.getString(2));
            }
        }
        String defaultRole = null;
        try (PreparedStatement ps =
                c.prepareStatement("SELECT role_name FROM catalog_default_roles WHERE database_id = ?")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) defaultRole = rs.getString(1);
            }
        }
        return new Principals(roles, defaultRole);
    }

    /** The dialect recorded with the database's mapping; PostgreSQL when none is (recorded before there were others). */
    public static SqlDialect dialect(Connection c, String databaseId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT dialect FROM catalog_dialects WHERE database_id = ?")) {
            ps.setString(1, databaseId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? SqlDialect.valueOf(rs.getString(1).toUpperCase(Locale.ROOT)) : SqlDialect.POSTGRESQL;
            }
        }
    }

    private static void writeDialect(Connection c, String databaseId, SqlDialect dialect) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("INSERT INTO catalog_dialects (database_id, dialect) VALUES (?, ?)"
                        + " ON CONFLICT (database_id) DO UPDATE SET dialect = EXCLUDED.dialect")) {
            ps.setString(1, databaseId);
            ps.setString(2, dialect.name().toLowerCase(Locale.ROOT));
            ps.executeUpdate();
        }
    }

    private static void bind(PreparedStatement ps, String databaseId, Object... extra) throws SQLException {
        ps.setString(1, databaseId);
        for (int i = 0; i < extra.length; i++) ps.setObject(i + 2, extra[i]);
    }

    private static void write(Connection c, String databaseId, TableName table, TableAccess access)
            throws SQLException {
        for (String sql : List.of(
                "DELETE FROM catalog_table_access WHERE database_id = ? AND schema_name = ? AND table_name = ?",
                "DELETE FROM catalog_table_policies WHERE database_id = ? AND schema_name = ? AND table_name = ?"))
            try (PreparedStatement del = c.prepareStatement(sql)) {
                bindTable(del, databaseId, table);
                del.executeUpdate();
            }
        try (PreparedStatement ins = c.prepareStatement("INSERT INTO catalog_table_access (database_id, schema_name,"
                + " table_name, role_name, columns) VALUES (?, ?, ?, ?, ?)")) {
            for (Map.Entry<String, List<String>> reader : access.readers().entrySet()) {
                bindTable(ins, databaseId, table);
                ins.setString(4, reader.getKey());
                ins.setArray(5, c.createArrayOf("text", reader.getValue().toArray()));
                ins.addBatch();
            }
            ins.executeBatch();
        }
        if (access.rowSecurity())
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO catalog_table_policies (database_id,"
                    + " schema_name, table_name, policies) VALUES (?, ?, ?, ?)")) {
                bindTable(ins, databaseId, table);
                ins.setArray(4, c.createArrayOf("text", access.policies().toArray()));
                ins.executeUpdate();
            }
    }

    private static void writePrincipals(Connection c, String databaseId, Principals principals) throws SQLException {
        for (String sql : List.of(
                "DELETE FROM catalog_principals WHERE database_id = ?",
                "DELETE FROM catalog_default_roles WHERE database_id = ?"))
            try (PreparedStatement del = c.prepareStatement(sql)) {
                del.setString(1, databaseId);
                del.executeUpdate();
            }
        try (PreparedStatement ins = c.prepareStatement(
                "INSERT INTO catalog_principals (database_id, principal, role_name) VALUES (?, ?, ?)")) {
            for (Map.Entry<String, String> mapping : principals.roles().entrySet()) {
                ins.setString(1, databaseId);
                ins.setString(2, mapping.getKey());
                ins.setString(3, mapping.getValue());
                ins.addBatch();
            }
            ins.executeBatch();
        }
        if (principals.defaultRole() != null)
            try (PreparedStatement ins =
                    c.prepareStatement("INSERT INTO catalog_default_roles (database_id, role_name) VALUES (?, ?)")) {
                ins.setString(1, databaseId);
                ins.setString(2, principals.defaultRole());
                ins.executeUpdate();
            }
    }

    private static void bindTable(PreparedStatement ps, String databaseId, TableName table) throws SQLException {
        ps.setString(1, databaseId);
        ps.setString(2, table.schema());
        ps.setString(3, table.table());
    }
}
