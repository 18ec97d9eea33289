package dev.schemarag.core.config;

import java.nio.file.Path;
import java.util.List;

/**
 * A target database SchemaRAG indexes and answers questions about. Annotations (modules, synonyms) and the
 * directory of per-table markdown docs are optional (null when absent).
 */
public record RegisteredDatabase(String id, String jdbcUrl, String user, String password, List<String> schemas,
                                 Path annotationsFile, Path docsDir) {
    public RegisteredDatabase {
        if (id == null || !id.matches("[A-Za-z0-9_][A-Za-z0-9_.-]*"))
            throw new IllegalArgumentException("database id '" + id + "' must be letters, digits, _ . -");
        if (jdbcUrl == null || !jdbcUrl.startsWith("jdbc:postgresql:"))
            throw new IllegalArgumentException("database " + id + " needs a jdbc:postgresql: URL");
        schemas = schemas == null || schemas.isEmpty() ? List.of("public") : List.copyOf(schemas);
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
