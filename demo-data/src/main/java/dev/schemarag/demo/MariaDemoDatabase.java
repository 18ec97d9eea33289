package dev.schemarag.demo;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.store.MySqlAccounts;
import dev.schemarag.core.store.MySqlQuoting;
import dev.schemarag.core.store.TargetSessionLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The demo ERP on MariaDB (or MySQL) as database {@value #DATABASE}: its tables are {@link MySqlSchemaTranslation the
 * translation} of the PostgreSQL demo's {@code schema.sql}, its rows copied from the PostgreSQL demo database, so both
 * hold the same tables, keys, comments and data. Registered under the id {@value #ID} with the demo's annotations and
 * docs, read by a SELECT-only user.
 */
public final class MariaDemoDatabase {
    public static final String ID = "erp_maria";
    public static final String DATABASE = "erp_maria";
    private static final int COPY_BATCH = 500;
    private static final String LOAD_LOCK = "schemarag.load." + DATABASE;
    private static final int LOAD_LOCK_WAIT_SECONDS = 120;

    private MariaDemoDatabase() {}

    /**
     * Executed like the PostgreSQL demo: answers show their rows. Its docs are the demo's with their documented queries
     * in MariaDB's SQL ({@link MySqlQueryTranslation}), written beside them under {@code docs-mariadb}.
     */
    public static RegisteredDatabase registration(String jdbcUrl, Credentials admin, Credentials reader, Path extracted)
            throws IOException {
        String postgresDdl = Files.readString(extracted.resolve("schema.sql"), StandardCharsets.UTF_8);
        Path docs = MySqlQueryTranslation.translateDocs(
                extracted.resolve("docs"),
                extracted.resolve("docs-mariadb"),
                MySqlSchemaTranslation.tableNames(postgresDdl),
                MySqlQueryTranslation.dateColumns(postgresDdl));
        return new RegisteredDatabase(
                        ID, jdbcUrl, admin, reader, List.of(DATABASE), extracted.resolve("modules.json"), docs)
                .withExecute(true);
    }

    /**
     * Creates {@value #DATABASE} and loads it from {@code postgresErp} (the loaded PostgreSQL demo) unless it holds all
     * the demo's tables already; one holding only some, left by an interrupted load (MySQL's DDL is not transactional),
     * is dropped and loaded again. Returns true when it loaded.
     *
     * @param maria an administrator's connection to the server, in the default sql_mode
     */
    public static boolean loadIfIncomplete(Connection maria, Connection postgresErp, String postgresDdl)
            throws SQLException {
        // Services starting together would load it together: one at a time, the others then find it complete.
        try (PreparedStatement lock = maria.prepareStatement("SELECT GET_LOCK(?, ?)")) {
            lock.setString(1, LOAD_LOCK);
            lock.setInt(2, LOAD_LOCK_WAIT_SECONDS);
            try (ResultSet rs = lock.executeQuery()) {
                if (!rs.next() || rs.getInt(1) != 1)
                    throw new SQLException("another process held the lock on loading " + DATABASE + " for "
                            + LOAD_LOCK_WAIT_SECONDS + " s");
            }
        }
        try {
            return loadUnlessComplete(maria, postgresErp, postgresDdl);
        } finally {
            try (PreparedStatement unlock = maria.prepareStatement("SELECT RELEASE_LOCK(?)")) {
                unlock.setString(1, LOAD_LOCK);
                unlock.execute();
            }
        }
    }

    private static boolean loadUnlessComplete(Connection maria, Connection postgresErp, String postgresDdl)
            throws SQLException {
        List<String> tables = MySqlSchemaTranslation.tableNames(postgresDdl);
        int present = tableCount(maria);
        if (present == tables.size()) return false;
        try (Statement s = maria.createStatement()) {
            if (present > 0) s.execute("DROP DATABASE " + MySqlQuoting.identifier(DATABASE));
            s.execute("CREATE DATABASE IF NOT EXISTS " + MySqlQuoting.identifier(DATABASE)
                    + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
        }
        maria.setCatalog(DATABASE);
        createTables(maria, postgresDdl);
        copyRows(postgresErp, maria, tables);
        return true;
    }

    /** The translated DDL, run in {@code maria}'s current database. */
    public static void createTables(Connection maria, String postgresDdl) throws SQLException {
        try (Statement s = maria.createStatement()) {
            for (String statement : MySqlSchemaTranslation.translate(postgresDdl)) s.execute(statement);
        }
    }

    /**
     * Creates or updates the SELECT-only login on {@value #DATABASE}: its statements are bounded by the readers'
     * statement timeout (MariaDB's per-user {@code MAX_STATEMENT_TIME}) and its connections by a per-user limit.
     *
     * @param host the client host the login may connect from, as the server sees it
     */
    public static void grantReader(
            Connection maria, String user, String host, String password, TargetSessionLimits limits)
            throws SQLException {
        try (Statement s = maria.createStatement()) {
            for (String statement : MySqlAccounts.reader(user, host, password, List.of(DATABASE), limits, true))
                s.execute(statement);
        }
    }

    private static int tableCount(Connection maria) throws SQLException {
        try (PreparedStatement ps = maria.prepareStatement(
                "SELECT count(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'")) {
            ps.setString(1, DATABASE);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /**
     * Copies every row of each table, in one transaction; foreign keys are checked by PostgreSQL already, and rows of
     * tables that reference each other (departments and employees) could not go in any order with them on.
     */
    private static void copyRows(Connection postgresErp, Connection maria, List<String> tables) throws SQLException {
        maria.setAutoCommit(false);
        try (Statement s = maria.createStatement()) {
            s.execute("SET SESSION foreign_key_checks = 0");
            for (String table : tables) copyTable(postgresErp, maria, table);
            maria.commit();
            s.execute("SET SESSION foreign_key_checks = 1");
        } catch (SQLException e) {
            maria.rollback();
            throw e;
        } finally {
            maria.setAutoCommit(true);
        }
    }

    private static void copyTable(Connection postgresErp, Connection maria, String table) throws SQLException {
        try (Statement select = postgresErp.createStatement();
                ResultSet rows = select.executeQuery("SELECT * FROM public.\"" + table + "\"")) {
            ResultSetMetaData meta = rows.getMetaData();
            int width = meta.getColumnCount();
            List<String> columns = new ArrayList<>();
            for (int i = 1; i <= width; i++) columns.add(MySqlQuoting.identifier(meta.getColumnName(i)));
            String insert = "INSERT INTO " + MySqlQuoting.identifier(table) + " (" + String.join(", ", columns)
                    + ") VALUES (" + String.join(", ", Collections.nCopies(width, "?")) + ")";
            try (PreparedStatement ps = maria.prepareStatement(insert)) {
                int batched = 0;
                while (rows.next()) {
                    for (int i = 1; i <= width; i++) ps.setObject(i, portable(rows, i));
                    ps.addBatch();
                    if (++batched % COPY_BATCH == 0) ps.executeBatch();
                }
                ps.executeBatch();
            }
        }
    }

    /** Numbers, booleans, text and dates as they are; anything driver-specific (jsonb) as its text. */
    private static Object portable(ResultSet rows, int column) throws SQLException {
        Object value = rows.getObject(column);
        if (value == null
                || value instanceof Number
                || value instanceof Boolean
                || value instanceof String
                || value instanceof java.util.Date) return value;
        return rows.getString(column);
    }
}
