package dev.schemarag.core.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells a catalog follower that the store's catalog versions changed: a session of its own LISTENs on the channel
 * that a trigger on {@code catalog_versions} notifies at every commit that bumps a version (V20), so the follower
 * sleeps until a change commits instead of asking the store every few milliseconds. Without that session (the store
 * unreachable, a pooler that does not keep LISTEN) {@link #await} waits the whole time given, and the follower
 * checks at that pace. Used by one thread.
 */
public final class CatalogNotifications implements CatalogChangeWait {
    static final String CHANNEL = "schemarag_catalog";
    private static final Logger log = LoggerFactory.getLogger(CatalogNotifications.class);

    private final Database store;
    private Connection session;
    private boolean failing;

    public CatalogNotifications(Database store) {
        this.store = store;
    }

    @Override
    public boolean await(Duration max) throws InterruptedException {
        int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, max.toMillis()));
        try {
            PGNotification[] notified = listening().getNotifications(millis);
            if (failing) log.info("Catalog notifications work again");
            failing = false;
            return notified != null && notified.length > 0;
        } catch (SQLException | RuntimeException e) {
            // Whatever fails here, the follower goes on checking at the given pace.
            if (!failing)
                log.warn(
                        "Catalog notifications unavailable, checking the catalogs every {} ms instead: {}",
                        millis,
                        e instanceof SQLException sql
                                ? "sqlstate=" + sql.getSQLState()
                                : e.getClass().getName());
            failing = true;
            close();
            Thread.sleep(millis);
            return false;
        }
    }

    private PGConnection listening() throws SQLException {
        if (session == null) {
            Connection opened = store.open();
            try (Statement listen = opened.createStatement()) {
                listen.execute("LISTEN " + CHANNEL);
            } catch (SQLException e) {
                opened.close();
                throw e;
            }
            session = opened;
        }
        return session.unwrap(PGConnection.class);
    }

    @Override
    public void close() {
        if (session == null) return;
        try {
            session.close();
        } catch (SQLException e) {
            log.debug("closing the catalog notifications' session: {}", e.toString());
        }
        session = null;
    }
}
