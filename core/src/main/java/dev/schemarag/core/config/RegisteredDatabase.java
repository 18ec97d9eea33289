package dev.schemarag.core.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.postgresql.Driver;
import org.postgresql.PGProperty;

/**
 * A target database SchemaRAG indexes and answers questions about, with two logins kept apart: {@code admin}
 * (ingest: installs DDL capture, which needs a superuser, and introspects) and {@code reader} (generation: EXPLAIN
 * only, a read-only role it verifies at start). Either may be null when the process using the registration does not
 * need it; {@link #requireAdmin()} and {@link #requireReader()} fail naming the database. {@code cdc} is the
 * database's own replication login ({@code schemarag db add} creates one per database, so that removing it drops the
 * role); null means the service-wide {@code cdc.replication.role}. Annotations (modules, synonyms) and the directory
 * of per-table markdown docs are optional (null when absent). {@code execute} opts the database in to answers with
 * data: its validated answers are run as the reader and their rows published (off unless registered).
 * {@code principals} maps askers to the database roles their questions are validated and executed as.
 */
public record RegisteredDatabase(
        String id,
        String jdbcUrl,
        Credentials admin,
        Credentials reader,
        List<String> schemas,
        Path annotationsFile,
        Path docsDir,
        Credentials cdc,
        boolean execute,
        Principals principals) {
    /** A registration without principals: every question runs as the reader. */
    public RegisteredDatabase(
            String id,
            String jdbcUrl,
            Credentials admin,
            Credentials reader,
            List<String> schemas,
            Path annotationsFile,
            Path docsDir,
            Credentials cdc,
            boolean execute) {
        this(id, jdbcUrl, admin, reader, schemas, annotationsFile, docsDir, cdc, execute, Principals.NONE);
    }

    /** A registration whose answers are not executed. */
    public RegisteredDatabase(
            String id,
            String jdbcUrl,
            Credentials admin,
            Credentials reader,
            List<String> schemas,
            Path annotationsFile,
            Path docsDir,
            Credentials cdc) {
        this(id, jdbcUrl, admin, reader, schemas, annotationsFile, docsDir, cdc, false);
    }

    /** A registration using the service-wide replication role, whose answers are not executed. */
    public RegisteredDatabase(
            String id,
            String jdbcUrl,
            Credentials admin,
            Credentials reader,
            List<String> schemas,
            Path annotationsFile,
            Path docsDir) {
        this(id, jdbcUrl, admin, reader, schemas, annotationsFile, docsDir, null, false);
    }

    public RegisteredDatabase {
        if (id == null || !id.matches("[A-Za-z0-9_][A-Za-z0-9_.-]*"))
            throw new IllegalArgumentException("database id '" + id + "' must be letters, digits, _ . -");
        SqlDialect dialect = SqlDialect.ofJdbcUrl(jdbcUrl)
                .orElseThrow(() -> new IllegalArgumentException(
                        "database " + id + " needs a jdbc:postgresql:, jdbc:mysql: or jdbc:mariadb: URL"));
        if (dialect == SqlDialect.POSTGRESQL && parse(jdbcUrl) == null)
            throw new IllegalArgumentException("database " + id + " has a JDBC URL the PostgreSQL driver cannot read");
        if (dialect != SqlDialect.POSTGRESQL && MySqlUrl.parse(jdbcUrl).isEmpty())
            throw new IllegalArgumentException("database " + id + " needs a JDBC URL of the form "
                    + jdbcUrl.substring(0, jdbcUrl.indexOf("//") < 0 ? jdbcUrl.length() : jdbcUrl.indexOf("//"))
                    + "//host[:port]/database");
        // MySQL's schema is its database: a registration reads the one its URL names unless it lists others.
        schemas = schemas != null && !schemas.isEmpty()
                ? List.copyOf(schemas)
                : List.of(
                        dialect == SqlDialect.POSTGRESQL
                                ? "public"
                                : MySqlUrl.parse(jdbcUrl).orElseThrow().database());
        if (principals == null) principals = Principals.NONE;
    }

    /** The same registration with its answers executed, or not. */
    public RegisteredDatabase withExecute(boolean executed) {
        return new RegisteredDatabase(
                id, jdbcUrl, admin, reader, schemas, annotationsFile, docsDir, cdc, executed, principals);
    }

    /** The same registration with {@code mapped} as its principals. */
    public RegisteredDatabase withPrincipals(Principals mapped) {
        return new RegisteredDatabase(
                id, jdbcUrl, admin, reader, schemas, annotationsFile, docsDir, cdc, execute, mapped);
    }

    /** The administrator login ingest uses; fails when none is registered. */
    public Credentials requireAdmin() {
        if (admin == null)
            throw new IllegalStateException(
                    "database " + id + " registers no \"admin\" credentials (needed by ingest)");
        return admin;
    }

    /** The read-only login generation validates with; fails when none is registered. */
    public Credentials requireReader() {
        if (reader == null)
            throw new IllegalStateException(
                    "database " + id + " registers no \"reader\" credentials: generation validates only"
                            + " as a read-only role, add \"reader\": {\"user\": ..., \"password\": ...} to its registration");
        return reader;
    }

    /** The SQL the database speaks, from its URL (which the constructor checked names one). */
    public SqlDialect dialect() {
        return SqlDialect.ofJdbcUrl(jdbcUrl).orElseThrow();
    }

    /** The JDBC database name, as the PostgreSQL driver (or, for MySQL and MariaDB, {@link MySqlUrl}) reads it. */
    public String databaseName() {
        if (dialect() != SqlDialect.POSTGRESQL)
            return MySqlUrl.parse(jdbcUrl).orElseThrow().database();
        return urlProperty(PGProperty.PG_DBNAME);
    }

    /** The first host of the URL (a multi-host URL lists fail-over hosts; the first is the primary one). */
    public String host() {
        if (dialect() != SqlDialect.POSTGRESQL)
            return MySqlUrl.parse(jdbcUrl).orElseThrow().host();
        return firstOf(urlProperty(PGProperty.PG_HOST));
    }

    /** The port of the {@link #host() first host}. */
    public int port() {
        if (dialect() != SqlDialect.POSTGRESQL)
            return MySqlUrl.parse(jdbcUrl).orElseThrow().port();
        return Integer.parseInt(firstOf(urlProperty(PGProperty.PG_PORT)));
    }

    private String urlProperty(PGProperty property) {
        return parse(jdbcUrl).getProperty(property.getName());
    }

    /** The driver lists the hosts (and their ports) of a multi-host URL comma-separated. */
    private static String firstOf(String commaSeparated) {
        int comma = commaSeparated.indexOf(',');
        return comma < 0 ? commaSeparated : commaSeparated.substring(0, comma);
    }

    /** The URL as the driver reads it: host, port and database name filled with its defaults. */
    private static Properties parse(String jdbcUrl) {
        return Driver.parseURL(jdbcUrl, null);
    }
}
