package dev.schemarag.core.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.flywaydb.core.Flyway;

/**
 * One JDBC endpoint. {@link #connection()} is one long-lived session, reopened when it breaks (a database restart must
 * not need a service restart), for callers that serialize on this object or need its session state. {@link #borrow()}
 * hands out connections of a small pool, started on first use, for work that runs on many threads at once.
 */
public final class Database implements AutoCloseable {
    /** Small: this runs on a few cores beside PostgreSQL, and several services may share one server. */
    private static final int POOL_SIZE = 4;

    private final String url;
    private final Properties credentials = new Properties();
    private final Object poolLock = new Object();
    private Connection connection;
    private HikariDataSource pool;

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

    /** A pooled connection in autocommit mode that the caller closes; the pool resets what the caller changed. */
    public Connection borrow() throws SQLException {
        return pool().getConnection();
    }

    private HikariDataSource pool() {
        synchronized (poolLock) {
            if (pool == null) pool = new HikariDataSource(poolConfig());
            return pool;
        }
    }

    private HikariConfig poolConfig() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setDataSourceProperties(credentials);
        config.setMaximumPoolSize(POOL_SIZE);
        config.setMinimumIdle(1);
        config.setPoolName("schemarag-" + user());
        // Like a plain connect: fail within the driver's connect timeout, and let a database that is down at start
        // fail the first borrow instead of the constructor.
        config.setConnectionTimeout(10_000);
        config.setInitializationFailTimeout(-1);
        return config;
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
        synchronized (poolLock) {
            if (pool != null) pool.close();
            pool = null;
        }
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
