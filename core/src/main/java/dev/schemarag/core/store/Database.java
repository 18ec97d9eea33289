package dev.schemarag.core.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.flywaydb.core.Flyway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One JDBC endpoint. {@link #borrow()} hands out connections of a small pool, started on first use, that replaces
 * broken connections (a database restart must not need a service restart); a caller borrows one connection at a time,
 * since holding one while borrowing another could exhaust the pool. {@link #open()} is a dedicated session, for state
 * that must outlive a borrow, such as a session-level advisory lock.
 */
public final class Database implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Database.class);

    /** Small: this runs on a few cores beside PostgreSQL, and several services may share one server. */
    private static final int POOL_SIZE = 4;

    private final String url;
    private final Properties credentials = new Properties();
    private final Object poolLock = new Object();
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

    /** A new connection the caller owns and closes, outside the pool. */
    public Connection open() throws SQLException {
        Connection c = DriverManager.getConnection(url, credentials);
        c.setAutoCommit(true);
        return c;
    }

    /** A pooled connection in autocommit mode that the caller closes; the pool resets what the caller changed. */
    public Connection borrow() throws SQLException {
        return pool().getConnection();
    }

    /**
     * Closes a borrowed connection and keeps it out of the pool: one the pool cannot trust to be idle and clean, such
     * as a session whose ROLLBACK failed or whose statement was cancelled by a client-side deadline.
     */
    public void evict(Connection borrowed) {
        pool().evictConnection(borrowed);
        // Hikari closes a borrowed connection's physical session at once; closing the borrowed handle afterwards may
        // still try to reset the session's state (autocommit, read-only) on it and fail, even with a
        // NullPointerException. Closed here, the caller's own close is a no-op, and nothing is left to reset.
        try {
            borrowed.close();
        } catch (SQLException | RuntimeException alreadyGone) {
            log.debug("evicted connection closed with {}", alreadyGone.toString());
        }
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
    public void close() {
        synchronized (poolLock) {
            if (pool != null) pool.close();
            pool = null;
        }
    }
}
