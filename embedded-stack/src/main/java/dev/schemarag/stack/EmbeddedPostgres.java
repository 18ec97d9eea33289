package dev.schemarag.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real PostgreSQL 15 server run from the installed binaries with {@code initdb} and {@code pg_ctl}, listening
 * on 127.0.0.1 only (no Unix socket). Logical decoding is on for Debezium. The superuser {@value #USER} logs in
 * with the fixed development password {@value #PASSWORD} (SCRAM over TCP): this server is a local development
 * and test store and must never hold real data. PostgreSQL refuses to run as root, so a root JVM runs the
 * binaries as the OS user {@code postgres}, which then owns the data directory.
 */
public final class EmbeddedPostgres {
    public static final String USER = "schemarag";
    public static final String PASSWORD = "schemarag";
    public static final String RAG_DATABASE = "schemarag";
    public static final String DEMO_DATABASE = "erp";

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedPostgres.class);
    private static final Path BIN = Path.of(System.getProperty("schemarag.postgres.bin", "/usr/lib/postgresql/15/bin"));
    private static final ServerUser OS_USER = new ServerUser("postgres");
    private static final Pattern DATABASE_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    private static final Duration PG_CTL_TIMEOUT = Duration.ofSeconds(90);
    private static final String SETTINGS_FILE = "schemarag.conf";

    private final Path dir;
    private final int port;
    private final boolean fsync;

    public EmbeddedPostgres(Path dir, int port, boolean fsync) {
        this.dir = dir.toAbsolutePath().normalize();
        this.port = port;
        this.fsync = fsync;
    }

    public EmbeddedPostgres(StackConfig config) {
        this(config.postgresDir(), config.postgresPort(), config.fsync());
    }

    /** Initialises the cluster on first use, starts it and creates the {@code schemarag} and {@code erp} databases. */
    public synchronized void start() {
        if (!Files.exists(dataDir().resolve("PG_VERSION"))) {
            initdb();
        }
        writeSettings();
        if (isRunning()) {
            if (runningPort() == port) {
                LOG.info("PostgreSQL already running on 127.0.0.1:{}", port);
                createDatabases();
                return;
            }
            LOG.info("PostgreSQL in {} runs on another port; restarting it on {}", dataDir(), port);
            stop();
        }
        Command.runOrThrow(
                PG_CTL_TIMEOUT,
                OS_USER.wrap(pgCtl(
                        "start", "-l", logFile().toString(), "-t", Long.toString(PG_CTL_TIMEOUT.toSeconds() - 5))));
        LOG.info("PostgreSQL started on 127.0.0.1:{} (data in {})", port, dataDir());
        createDatabases();
    }

    /** Fast shutdown: rolls back open transactions and waits until the server process is gone. */
    public synchronized void stop() {
        if (!isRunning()) {
            return;
        }
        Command.runOrThrow(
                PG_CTL_TIMEOUT,
                OS_USER.wrap(pgCtl("stop", "-m", "fast", "-t", Long.toString(PG_CTL_TIMEOUT.toSeconds() - 5))));
        LOG.info("PostgreSQL on 127.0.0.1:{} stopped", port);
    }

    public boolean isRunning() {
        return Files.exists(dataDir().resolve("PG_VERSION"))
                && Command.run(PG_CTL_TIMEOUT, OS_USER.wrap(pgCtl("status"))).succeeded();
    }

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return port;
    }

    public String user() {
        return USER;
    }

    public String password() {
        return PASSWORD;
    }

    public Connection connect(String database) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", USER);
        properties.setProperty("password", PASSWORD);
        properties.setProperty("connectTimeout", "5");
        return DriverManager.getConnection(jdbcUrl(database), properties);
    }

    public void createDatabaseIfMissing(String database) {
        if (!DATABASE_NAME.matcher(database).matches()) {
            throw new IllegalArgumentException("database name '" + database
                    + "' must be a lower-case SQL identifier (letters, digits, underscore)");
        }
        try (Connection connection = connect("postgres");
                PreparedStatement exists = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            exists.setString(1, database);
            try (ResultSet rows = exists.executeQuery()) {
                if (rows.next()) {
                    return;
                }
            }
            try (Statement create = connection.createStatement()) {
                create.execute("CREATE DATABASE " + database);
            }
            LOG.info("Created database {}", database);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + database + ": " + e.getMessage(), e);
        }
    }

    /**
     * Drops every replication slot no client is reading from, so a stopped Debezium connector does not
     * make PostgreSQL retain WAL forever. Returns the names of the dropped slots.
     */
    public List<String> dropReplicationSlots() {
        Map<String, String> inactiveSlots = new LinkedHashMap<>();
        try (Connection connection = connect("postgres");
                Statement query = connection.createStatement();
                ResultSet rows = query.executeQuery(
                        "SELECT slot_name, coalesce(database, 'postgres') FROM pg_replication_slots WHERE NOT active")) {
            while (rows.next()) {
                inactiveSlots.put(rows.getString(1), rows.getString(2));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot list replication slots: " + e.getMessage(), e);
        }
        List<String> dropped = new ArrayList<>();
        inactiveSlots.forEach((slot, database) -> {
            // A logical slot can only be dropped from a connection to the database it decodes.
            try (Connection connection = connect(database);
                    PreparedStatement drop = connection.prepareStatement("SELECT pg_drop_replication_slot(?)")) {
                drop.setString(1, slot);
                drop.execute();
                dropped.add(slot);
            } catch (SQLException e) {
                throw new IllegalStateException("cannot drop replication slot " + slot + ": " + e.getMessage(), e);
            }
        });
        if (!dropped.isEmpty()) {
            LOG.info("Dropped inactive replication slots {}", dropped);
        }
        return dropped;
    }

    /** For shutdown paths: a slot that cannot be dropped is logged, and must not keep the stack running. */
    void dropReplicationSlotsOrWarn() {
        try {
            dropReplicationSlots();
        } catch (IllegalStateException e) {
            LOG.warn("Replication slots left in place: {}", e.getMessage());
        }
    }

    private void createDatabases() {
        createDatabaseIfMissing(RAG_DATABASE);
        createDatabaseIfMissing(DEMO_DATABASE);
        try (Connection connection = connect(RAG_DATABASE);
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE EXTENSION IF NOT EXISTS vector");
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "cannot create the pgvector extension in " + RAG_DATABASE + ": " + e.getMessage(), e);
        }
    }

    private void initdb() {
        Path passwordFile = dir.resolve("initdb.pw");
        try {
            Files.createDirectories(dir);
            OS_USER.own(dir);
            Files.writeString(passwordFile, PASSWORD + "\n", StandardCharsets.UTF_8);
            OS_USER.own(passwordFile);
            List<String> initdb = new ArrayList<>(List.of(
                    BIN.resolve("initdb").toString(),
                    "-D",
                    dataDir().toString(),
                    "-U",
                    USER,
                    "--pwfile=" + passwordFile,
                    "--auth=scram-sha-256",
                    "--encoding=UTF8",
                    "--locale=C",
                    "--no-instructions"));
            if (!fsync) {
                initdb.add("--no-sync");
            }
            Command.runOrThrow(PG_CTL_TIMEOUT, OS_USER.wrap(initdb));
            Files.writeString(
                    dataDir().resolve("postgresql.conf"),
                    "\ninclude_if_exists = '" + SETTINGS_FILE + "'\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.APPEND);
            LOG.info("Initialised PostgreSQL cluster in {}", dataDir());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot initialise PostgreSQL in " + dir, e);
        } finally {
            try {
                Files.deleteIfExists(passwordFile);
            } catch (IOException e) {
                LOG.warn("cannot delete {}: {}", passwordFile, e.toString());
            }
        }
    }

    /** Rewritten on every start, so a changed port or flag applies to an existing cluster. */
    private void writeSettings() {
        String settings = String.join(
                "\n",
                "# Written by SchemaRAG's EmbeddedPostgres on every start; edits are overwritten.",
                "listen_addresses = '127.0.0.1'",
                "port = " + port,
                "unix_socket_directories = ''",
                "wal_level = logical",
                "max_replication_slots = 10",
                "max_wal_senders = 10",
                "shared_buffers = 64MB",
                "fsync = " + (fsync ? "on" : "off"),
                "synchronous_commit = " + (fsync ? "on" : "off"),
                "full_page_writes = " + (fsync ? "on" : "off"),
                "");
        Path file = dataDir().resolve(SETTINGS_FILE);
        try {
            Files.writeString(file, settings, StandardCharsets.UTF_8);
            OS_USER.own(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** A client program of the installation the server runs from, such as {@code psql}. */
    public static Path program(String name) {
        return BIN.resolve(name);
    }

    /** The running server's process id, from line 1 of postmaster.pid; empty when it is not running. */
    public OptionalLong postmasterPid() {
        try (Stream<String> lines = Files.lines(dataDir().resolve("postmaster.pid"))) {
            return lines.findFirst()
                    .map(String::strip)
                    .map(pid -> OptionalLong.of(Long.parseLong(pid)))
                    .orElse(OptionalLong.empty());
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** The port in line 4 of postmaster.pid, or -1 when unreadable. */
    private int runningPort() {
        try (Stream<String> lines = Files.lines(dataDir().resolve("postmaster.pid"))) {
            return lines.skip(3)
                    .findFirst()
                    .map(String::strip)
                    .map(Integer::parseInt)
                    .orElse(-1);
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    private List<String> pgCtl(String action, String... options) {
        List<String> command = new ArrayList<>(List.of(
                BIN.resolve("pg_ctl").toString(), action, "-D", dataDir().toString(), "-s"));
        if (!action.equals("status")) {
            command.add("-w");
        }
        command.addAll(List.of(options));
        return command;
    }

    private Path dataDir() {
        return dir.resolve("data");
    }

    private Path logFile() {
        return dir.resolve("postgres.log");
    }
}
