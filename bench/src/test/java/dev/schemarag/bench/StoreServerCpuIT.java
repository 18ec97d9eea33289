package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.store.Database;
import dev.schemarag.stack.EmbeddedPostgres;
import dev.schemarag.testkit.SharedTestStack;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The store's server is found from one of its sessions, and its CPU time grows with the work it is given. */
class StoreServerCpuIT {
    @Test
    void aLocalServersCpuTimeGrowsWithItsSessionsWork() throws Exception {
        EmbeddedPostgres postgres = SharedTestStack.get().postgres();
        try (Database store = new Database(postgres.jdbcUrl("postgres"), postgres.user(), postgres.password())) {
            StoreServerCpu server = StoreServerCpu.of(store).orElseThrow();
            Duration before = server.now();
            try (Connection c = store.borrow();
                    Statement s = c.createStatement()) {
                s.execute("SELECT count(*) FROM generate_series(1, 3000000) g WHERE md5(g::text) LIKE 'a%'");
            }
            assertThat(server.now()).isGreaterThan(before);
        }
    }
}
