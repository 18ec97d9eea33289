package dev.schemarag.core.config;

import java.nio.file.Path;
import java.util.List;

/**
 * A target database SchemaRAG indexes and answers questions about, with two logins kept apart: {@code admin}
 * (ingest: installs DDL capture, which needs a superuser, and introspects) and {@code reader} (generation: EXPLAIN
 * only, a read-only role it verifies at start). Either may be null when the process using the registration does not
 * need it; {@link #requireAdmin()} and {@link #requireReader()} fail naming the database. Annotations (modules,
 * synonyms) and the directory of per-table markdown docs are optional (null when absent).
 */
public record RegisteredDatabase(String id, String jdbcUrl, Credentials admin, Credentials reader, List<String> schemas,
                                 Path annotationsFile, Path docsDir) {
    public RegisteredDatabase {
        if (id == null || !id.matches("[A-Za-z0-9_][A-Za-z0-9_.-]*"))
            throw new IllegalArgumentException("database id '" + id + "' must be letters, digits, _ . -");
        if (jdbcUrl == null || !jdbcUrl.startsWith("jdbc:postgresql:"))
            throw new IllegalArgumentException("database " + id + " needs a jdbc:postgresql: URL");
        schemas = schemas == null || schemas.isEmpty() ? List.of("public") : List.copyOf(schemas);
    }

    /** The administrator login ingest uses; fails when none is registered. */
    public Credentials requireAdmin() {
        if (admin == null) throw new IllegalStateException("database " + id + " registers no \"admin\" credentials (needed by ingest)");
        return admin;
    }

    /** The read-only login generation validates with; fails when none is registered. */
    public Credentials requireReader() {
        if (reader == null)
            throw new IllegalStateException("database " + id + " registers no \"reader\" credentials: generation validates only"
                    + " as a read-only role, add \"reader\": {\"user\": ..., \"password\": ...} to its registration");
        return reader;
    }

    /** The JDBC database name (the path part of the URL). */
    public String databaseName() {
        String rest = jdbcUrl.substring(jdbcUrl.indexOf("//") + 2);
        int slash = rest.indexOf('/');
        int query = rest.indexOf('?');
        return rest.substring(slash + 1, query < 0 ? rest.length() : query);
    }

    public String host() {
        String rest = jdbcUrl.substring(jdbcUrl.indexOf("//") + 2);
        String hostPort = rest.substring(0, rest.indexOf('/'));
        int colon = hostPort.lastIndexOf(':');
        return colon < 0 ? hostPort : hostPort.substring(0, colon);
    }

    public int port() {
        String rest = jdbcUrl.substring(jdbcUrl.indexOf("//") + 2);
        String hostPort = rest.substring(0, rest.indexOf('/'));
        int colon = hostPort.lastIndexOf(':');
        return colon < 0 ? 5432 : Integer.parseInt(hostPort.substring(colon + 1));
    }
}
