package dev.schemarag.core.store;

import org.flywaydb.core.Flyway;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * One JDBC endpoint with one long-lived connection, reopened when it breaks (a database restart must not need a
 * service restart). Callers are single-threaded stream processors or serialize on this object.
 */
public final class Database implements AutoCloseable {
    private final String url;
    private final Properties credentials = new Properties();
    private Connection connection;

    public Database(String url, String user, String password) {
        this.url = url;
        credentials.setProperty("user", user);
        if (password != null) credentials.setProperty("password", password);
        credentials.setProperty("ApplicationName", "schemarag");
    }

    public String url() {
        return url;
    }

    public String user() {
        return credentials.getProperty("user");
    }

    public String password() {
        return credentials.getProperty("password");
    }

    /** The shared connection, in autocommit mode, reopened if it was closed or no longer answers. */
    public synchronized Connection connection() throws SQLException {
        if (connection == null || connection.isClosed() || !connection.isValid(2)) {
            closeQuietly();
            connection = open();
        }
        return connection;
    }

    /** A new connection the caller owns (for transactions that must not share the cached one). */
    public Connection open() throws SQLException {
        Connection c = DriverManager.getConnection(url, credentials);
        c.setAutoCommit(true);
        return c;
    }

    /** Applies the store's migrations (pgvector tables, indexes, views); idempotent. */
    public void migrateStore() {
        Flyway.configure()
                .dataSource(url, user(), password())
                .locations("classpath:db/migration")
                .load()
                .migrate();
    }

    @Override
    public synchronized void close() {
        closeQuietly();
    }

    private void closeQuietly() {
        if (connection == null) return;
        try {
            connection.close();
        } catch (SQLException ignored) {
            // A broken connection is being replaced; its close error says nothing new.
        }
        connection = null;
    }
}
