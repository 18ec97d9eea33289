package dev.schemarag.stack;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real MariaDB server run from Debian's {@code mariadb-server} binaries, with a data directory of its own, listening
 * on 127.0.0.1 only. The binary log is on in ROW format with full row images and a server id, which change capture
 * reads (MariaDB keeps GTIDs always). {@value #USER} logs in over TCP with the fixed development password
 * {@value #PASSWORD}, like {@link EmbeddedPostgres}: a local development and test server that must never hold real
 * data. Root has no TCP login at all: it is authenticated by the Unix socket in the data directory's parent, as the
 * OS user that runs this JVM, and only this class uses it (to create {@value #USER}). A root JVM runs the server as the
 * OS user {@code mysql}.
 * <p>
 * Change capture logs in as {@value #CAPTURE_USER} (password {@value #CAPTURE_PASSWORD}, ingest's default
 * {@code cdc.replication.role} and password), which has the global privileges Debezium's binlog connector needs and no
 * more: SELECT (its snapshot of the structure reads the tables' definitions), RELOAD (that snapshot's FLUSH TABLES WITH
 * READ LOCK), REPLICATION SLAVE (reading the binlog) and REPLICATION CLIENT (the binlog position). Reading the binlog
 * reads every row change on the server: treat its password like read access to all data.
 */
public final class EmbeddedMariaDb {
    public static final String USER = "schemarag";
    public static final String PASSWORD = "schemarag";
    public static final String CAPTURE_USER = "schemarag_cdc";
    public static final String CAPTURE_PASSWORD = "schemarag_cdc";

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedMariaDb.class);
    private static final Path BIN = Path.of(System.getProperty("schemarag.mariadb.bin", "/usr/bin"));
    private static final Path SBIN = Path.of(System.getProperty("schemarag.mariadb.sbin", "/usr/sbin"));
    private static final ServerUser OS_USER = new ServerUser("mysql");
    private static final Path SETSID = Path.of("/usr/bin/setsid");
    private static final Duration INSTALL_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(30);
    private static final String INSTALL_HINT = "run scripts/install-prereqs.sh (it installs Debian's mariadb-server)";

    private final Path dir;
    private final int port;
    private final boolean fsync;

    public EmbeddedMariaDb(Path dir, int port, boolean fsync) {
        this.dir = dir.toAbsolutePath().normalize();
        this.port = port;
        this.fsync = fsync;
    }

    public EmbeddedMariaDb(StackConfig config) {
        this(config.mariadbDir(), config.mariadbPort(), config.fsync());
    }

    /** Fails naming the fix when Debian's MariaDB binaries are not installed. */
    public static void requireInstalled() {
        for (Path program :
                List.of(SBIN.resolve("mariadbd"), BIN.resolve("mariadb-install-db"), BIN.resolve("mariadb")))
            if (!Files.isExecutable(program)) {
                throw new IllegalStateException(program + " is missing: " + INSTALL_HINT);
            }
    }

    /** Initialises the data directory on first use, starts the server unless it runs, and creates {@value #USER}. */
    public synchronized void start() {
        requireInstalled();
        if (!Files.isDirectory(dataDir().resolve("mysql"))) {
            installDb();
        }
        if (runningServer().isPresent() && runningPort() != port) {
            LOG.info("MariaDB in {} runs on another port; restarting it on {}", dataDir(), port);
            stop();
        }
        if (runningServer().isPresent()) {
            LOG.info("MariaDB already running on 127.0.0.1:{}", port);
        } else {
            launch();
        }
        createUser();
    }

    /** A normal shutdown (SIGTERM), waiting until the server process is gone. */
    public synchronized void stop() {
        Optional<ProcessHandle> server = runningServer();
        if (server.isEmpty()) {
            return;
        }
        server.get().destroy();
        try {
            server.get().onExit().get(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.warn(
                    "MariaDB (pid {}) ignored SIGTERM for {}; killing it",
                    server.get().pid(),
                    STOP_TIMEOUT);
            server.get().destroyForcibly();
            server.get().onExit().join();
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot wait for MariaDB to exit", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping MariaDB", e);
        }
        LOG.info("MariaDB on 127.0.0.1:{} stopped", port);
    }

    public boolean isRunning() {
        return runningServer().isPresent();
    }

    public String jdbcUrl(String database) {
        return "jdbc:mariadb://127.0.0.1:" + port + "/" + database;
    }

    public int port() {
        return port;
    }

    public Connection connect(String database) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", USER);
        properties.setProperty("password", PASSWORD);
        properties.setProperty("connectTimeout", "5000");
        return DriverManager.getConnection(jdbcUrl(database), properties);
    }

    /** The port the running server listens on, asked through the socket; -1 when it does not answer. */
    private int runningPort() {
        Command.Result result = Command.run(CLIENT_TIMEOUT, client("SELECT @@port"));
        try {
            return result.succeeded() ? Integer.parseInt(result.output().strip()) : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The server named by its pid file, if it is alive. */
    private Optional<ProcessHandle> runningServer() {
        Path pidFile = dir.resolve("mariadbd.pid");
        if (!Files.exists(pidFile)) {
            return Optional.empty();
        }
        try {
            long pid = Long.parseLong(
                    Files.readString(pidFile, StandardCharsets.UTF_8).strip());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private void installDb() {
        try {
            Files.createDirectories(dir);
            OS_USER.own(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir, e);
        }
        Command.runOrThrow(
                INSTALL_TIMEOUT,
                OS_USER.wrap(List.of(
                        BIN.resolve("mariadb-install-db").toString(),
                        "--no-defaults",
                        "--datadir=" + dataDir(),
                        // Root (and the JVM's OS user) log in through the Unix socket only: no password, no TCP.
                        "--auth-root-authentication-method=socket",
                        "--auth-root-socket-user=" + adminUser(),
                        "--skip-test-db",
                        "--skip-name-resolve",
                        "--innodb-log-file-size=32M")));
        LOG.info("Initialised MariaDB in {}", dataDir());
    }

    private void launch() {
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            // Its own session: the server outlives the command that started it, like pg_ctl's PostgreSQL.
            command.add(SETSID.toString());
        }
        command.addAll(OS_USER.wrap(serverCommand()));
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(
                            dir.resolve("mariadbd.out").toFile()))
                    .redirectErrorStream(true)
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + SBIN.resolve("mariadbd"), e);
        }
        awaitReady(process);
        LOG.info("MariaDB started on 127.0.0.1:{} (data in {})", port, dataDir());
    }

    /** The server's whole configuration: {@code --no-defaults} keeps the machine's /etc/mysql out of it. */
    List<String> serverCommand() {
        List<String> command = new ArrayList<>(List.of(
                SBIN.resolve("mariadbd").toString(),
                "--no-defaults",
                "--datadir=" + dataDir(),
                "--bind-address=127.0.0.1",
                "--port=" + port,
                "--socket=" + socket(),
                "--pid-file=" + dir.resolve("mariadbd.pid"),
                "--log-error=" + errorLog(),
                "--skip-name-resolve",
                "--character-set-server=utf8mb4",
                "--collation-server=utf8mb4_unicode_ci",
                "--server-id=1",
                "--log-bin=binlog",
                "--binlog-format=ROW",
                "--binlog-row-image=FULL",
                "--binlog-expire-logs-seconds=86400",
                "--innodb-buffer-pool-size=64M",
                "--innodb-log-file-size=32M",
                "--performance-schema=OFF",
                "--max-connections=100"));
        if (fsync) {
            command.addAll(List.of("--innodb-flush-log-at-trx-commit=1", "--sync-binlog=1"));
        } else {
            command.addAll(List.of("--innodb-flush-log-at-trx-commit=0", "--sync-binlog=0", "--innodb-doublewrite=0"));
        }
        return command;
    }

    private void awaitReady(Process process) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!Command.run(CLIENT_TIMEOUT, client("SELECT 1")).succeeded()) {
            if (!process.isAlive()) {
                throw new IllegalStateException("mariadbd exited with code " + process.exitValue() + "; the end of "
                        + errorLog() + ":\n" + tail(errorLog()));
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("MariaDB did not answer within " + START_TIMEOUT + "; the end of "
                        + errorLog() + ":\n" + tail(errorLog()));
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for MariaDB", e);
            }
        }
    }

    /** Idempotent, so a server started by an older version of this class gets the same logins. */
    private void createUser() {
        Command.runOrThrow(
                CLIENT_TIMEOUT,
                client("CREATE USER IF NOT EXISTS '" + USER + "'@'127.0.0.1' IDENTIFIED BY '" + PASSWORD + "'; "
                        + "GRANT ALL PRIVILEGES ON *.* TO '" + USER + "'@'127.0.0.1' WITH GRANT OPTION; "
                        + "CREATE USER IF NOT EXISTS '" + CAPTURE_USER + "'@'127.0.0.1' IDENTIFIED BY '"
                        + CAPTURE_PASSWORD + "'; "
                        + "GRANT SELECT, RELOAD, REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO '" + CAPTURE_USER
                        + "'@'127.0.0.1'"));
    }

    /** The command-line client, logged in through the socket as the JVM's OS user, running {@code sql}. */
    private List<String> client(String sql) {
        return List.of(
                BIN.resolve("mariadb").toString(),
                "--no-defaults",
                "--protocol=SOCKET",
                "--socket=" + socket(),
                "--user=" + adminUser(),
                "--batch",
                "--skip-column-names",
                "--execute=" + sql);
    }

    private static String adminUser() {
        return ServerUser.jvmRunsAsRoot() ? "root" : System.getProperty("user.name");
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e + ")";
        }
    }

    private Path dataDir() {
        return dir.resolve("data");
    }

    private Path socket() {
        return dir.resolve("mariadb.sock");
    }

    private Path errorLog() {
        return dir.resolve("mariadb.log");
    }
}
