package dev.schemarag.stack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.testkit.TestStackConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** (d) The CLI's stack: a detached daemon plus pg_ctl, stopped again through their pid files. */
class DetachedStackIT {
    private final StackConfig config = TestStackConfig.inDir(
            Path.of(System.getProperty("schemarag.test.dir", "target/it-stack")).resolveSibling("it-detached-stack"));

    @BeforeEach
    void startFromAnEmptyDirectory() {
        DetachedStack.down(config);
        Directories.deleteRecursively(config.baseDir());
    }

    @AfterEach
    void makeSureNothingIsLeftRunning() {
        DetachedStack.down(config);
    }

    @Test
    void upStartsEverythingAndDownStopsExactlyThatLeavingNoSlotBehind() throws Exception {
        StackStatus up = DetachedStack.up(config, System.getProperty("java.class.path"), false);

        assertThat(up.allUp()).isTrue();
        assertThat(DetachedStack.status(config)).isEqualTo(new StackStatus(true, true, true, false));
        long daemonPid =
                Long.parseLong(Files.readAllLines(config.daemonPidFile()).get(0));
        assertThat(DetachedStack.runningDaemon(config).map(ProcessHandle::pid)).contains(daemonPid);
        EmbeddedPostgres postgres = new EmbeddedPostgres(config);
        queryOne(postgres, "SELECT slot_name FROM pg_create_logical_replication_slot('it_detached_slot', 'pgoutput')");

        StackStatus down = DetachedStack.down(config);

        assertThat(down.allDown()).isTrue();
        assertThat(config.daemonPidFile()).doesNotExist();
        assertThat(ProcessHandle.of(daemonPid).filter(ProcessHandle::isAlive)).isEmpty();
        assertThat(config.postgresDir().resolve("data/postmaster.pid")).doesNotExist();
        postgres.start();
        try {
            assertThat(queryOne(postgres, "SELECT count(*) FROM pg_replication_slots"))
                    .isEqualTo("0");
        } finally {
            postgres.stop();
        }
    }

    private static String queryOne(EmbeddedPostgres postgres, String sql) throws SQLException {
        try (Connection connection = postgres.connect("erp");
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getString(1);
        }
    }
}
