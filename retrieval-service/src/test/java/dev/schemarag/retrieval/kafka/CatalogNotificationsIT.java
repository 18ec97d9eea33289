package dev.schemarag.retrieval.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.store.CatalogNotifications;
import dev.schemarag.core.store.Database;
import dev.schemarag.stack.EmbeddedStack;
import dev.schemarag.testkit.SharedTestStack;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The store's catalog notifications (V20) on the real PostgreSQL: a committed catalog version wakes a waiting
 * follower at once; a rolled-back one and a quiet store do not.
 */
class CatalogNotificationsIT {
    private static final Duration LONG = Duration.ofSeconds(20);

    private static Database store;

    @BeforeAll
    static void migrate() throws Exception {
        EmbeddedStack stack = SharedTestStack.get();
        store = new Database(
                stack.postgres().jdbcUrl("schemarag"),
                stack.postgres().user(),
                stack.postgres().password());
        store.migrateStore();
    }

    @AfterAll
    static void close() {
        if (store != null) store.close();
    }

    @Test
    void aCommittedVersionWakesTheWaitAtOnceAndAQuietStoreDoesNot() throws Exception {
        try (CatalogNotifications notifications = new CatalogNotifications(store)) {
            assertThat(notifications.await(Duration.ofMillis(50))).isFalse(); // listening from now on

            bumpVersion(true);
            long started = System.nanoTime();
            assertThat(notifications.await(LONG)).isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));

            bumpVersion(false);
            assertThat(notifications.await(Duration.ofMillis(300))).isFalse();
        }
    }

    private static void bumpVersion(boolean commit) throws SQLException {
        try (Connection session = store.open();
                Statement s = session.createStatement()) {
            session.setAutoCommit(false);
            s.execute("INSERT INTO catalog_versions (database_id, version) VALUES ('notifications_it', 1)"
                    + " ON CONFLICT (database_id) DO UPDATE SET version = catalog_versions.version + 1");
            if (commit) session.commit();
            else session.rollback();
        }
    }
}
