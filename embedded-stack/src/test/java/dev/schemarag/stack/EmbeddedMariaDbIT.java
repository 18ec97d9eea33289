package dev.schemarag.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The real MariaDB that scripts/install-prereqs.sh installs: started, configured for binlog capture, stopped. */
class EmbeddedMariaDbIT {
    private static Path dir;
    private static EmbeddedMariaDb mariadb;

    @BeforeAll
    static void start() throws Exception {
        dir = Path.of(System.getProperty("schemarag.test.dir", "target/it-stack"), "embedded-mariadb");
        Directories.deleteRecursively(dir);
        mariadb = new EmbeddedMariaDb(dir, freePort(), false);
        mariadb.start();
    }

    @AfterAll
    static void stop() {
        if (mariadb != null) mariadb.stop();
    }

    @Test
    void theStackUserLogsInOverTcpAndTheBinlogIsReadyForRowCapture() throws SQLException {
        Map<String, String> variables = new LinkedHashMap<>();
        try (Connection c = mariadb.connect("");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW GLOBAL VARIABLES WHERE Variable_name IN"
                        + " ('log_bin', 'binlog_format', 'binlog_row_image', 'server_id', 'bind_address')")) {
            while (rs.next()) variables.put(rs.getString(1), rs.getString(2));
        }

        assertThat(variables)
                .containsEntry("log_bin", "ON")
                .containsEntry("binlog_format", "ROW")
                .containsEntry("binlog_row_image", "FULL")
                .containsEntry("server_id", "1")
                .containsEntry("bind_address", "127.0.0.1");
    }

    @Test
    void rootHasNoLoginOverTcp() {
        Properties root = new Properties();
        root.setProperty("user", "root");
        root.setProperty("password", "");
        assertThatThrownBy(() ->
                        DriverManager.getConnection(mariadb.jdbcUrl(""), root).close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("Access denied");
    }

    @Test
    void startingARunningServerAgainKeepsIt() throws SQLException {
        mariadb.start();

        assertThat(mariadb.isRunning()).isTrue();
        try (Connection c = mariadb.connect("")) {
            assertThat(c.isValid(2)).isTrue();
        }
    }

    @Test
    void aServerRunningOnAnotherPortIsRestartedOnTheConfiguredOne() throws Exception {
        EmbeddedMariaDb moved = new EmbeddedMariaDb(dir, freePort(), false);
        try {
            moved.start();

            try (Connection c = moved.connect("");
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT @@port")) {
                assertThat(rs.next() && rs.getInt(1) == moved.port()).isTrue();
            }
            assertThatThrownBy(() -> mariadb.connect("").close()).isInstanceOf(SQLException.class);
        } finally {
            mariadb.start(); // back on the port the other tests use
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
