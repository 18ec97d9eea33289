package dev.schemarag.bench.stack;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.service.ServiceRuntime;
import dev.schemarag.core.store.MySqlQuoting;
import dev.schemarag.stack.StackConfig;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;

/**
 * The databases a benchmark works on in the development stack's MariaDB ({@code stack up --with mariadb},
 * 127.0.0.1:{@value StackConfig#DEFAULT_MARIADB_PORT}), which shares the store administrator's login. MySQL has no
 * schemas inside a database: each schema of a benchmark is a database of the server, registered together under one
 * id. Each is marked with the comment {@value #MARK} when created, and only a database carrying it is dropped: a
 * suite's schema that shares its name with any other database of the server ({@code mysql}, the demo's
 * {@code erp_maria}) stops the run instead.
 */
public final class MariaBenchDatabases {
    static final String MARK = "schemarag bench";
    private static final String SERVER = "jdbc:mariadb://127.0.0.1:" + StackConfig.DEFAULT_MARIADB_PORT + "/";
    private static final int CONNECT_TIMEOUT_MS = 2_000;

    private final Credentials admin;

    public MariaBenchDatabases(ServiceRuntime runtime) {
        this.admin = runtime.storeAdmin()
                .orElseThrow(() -> new IllegalStateException("bench creates databases: set store.admin.user"));
    }

    /**
     * Drops the benchmark's earlier copies of {@code schemas} and creates them empty, registered as {@code id}
     * through a URL naming the first.
     */
    public RegisteredDatabase fresh(String id, List<String> schemas) throws SQLException {
        if (schemas.isEmpty()) throw new IllegalArgumentException("a benchmark database needs a schema");
        try (Connection server = connect();
                PreparedStatement owner = server.prepareStatement(
                        "SELECT SCHEMA_COMMENT FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?");
                Statement ddl = server.createStatement()) {
            for (String schema : schemas) {
                owner.setString(1, schema);
                try (ResultSet rs = owner.executeQuery()) {
                    if (rs.next() && !MARK.equals(rs.getString(1)))
                        throw new IllegalStateException("MariaDB holds a database " + schema
                                + " that no benchmark created: the suite's schema of that name cannot be loaded");
                }
                String database = MySqlQuoting.identifier(schema);
                ddl.execute("DROP DATABASE IF EXISTS " + database);
                ddl.execute("CREATE DATABASE " + database + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci COMMENT "
                        + MySqlQuoting.literal(MARK));
            }
        }
        return new RegisteredDatabase(id, SERVER + schemas.get(0), admin, null, schemas, null, null);
    }

    /** Runs {@code statements} in order, each naming its database or in {@code db}'s first. */
    public void run(RegisteredDatabase db, List<String> statements) throws SQLException {
        try (Connection c = connect();
                Statement s = c.createStatement()) {
            c.setCatalog(db.schemas().get(0));
            for (String statement : statements) s.execute(statement);
        }
    }

    /** An administrator's connection to the server, in its default sql_mode. */
    public Connection connect() throws SQLException {
        Properties login = new Properties();
        login.setProperty("user", admin.user());
        login.setProperty("password", admin.password());
        login.setProperty("connectTimeout", Integer.toString(CONNECT_TIMEOUT_MS));
        try {
            return DriverManager.getConnection(SERVER, login);
        } catch (SQLException e) {
            throw new SQLException(
                    "cannot reach MariaDB at " + SERVER + " (start it with ./schemarag stack up --with mariadb): "
                            + e.getMessage(),
                    e);
        }
    }
}
