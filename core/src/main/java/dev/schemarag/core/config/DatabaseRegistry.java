package dev.schemarag.core.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The registered target databases, by id. Loaded from a JSON list; lookups of unknown ids return empty. A running
 * service {@link #replace}s the registrations when the databases file changes; readers always see one whole version.
 */
public final class DatabaseRegistry {
    private volatile Map<String, RegisteredDatabase> byId;

    public DatabaseRegistry(List<RegisteredDatabase> databases) {
        byId = byId(databases);
    }

    public Optional<RegisteredDatabase> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    public List<RegisteredDatabase> all() {
        return List.copyOf(byId.values());
    }

    /** What changed between two versions: a registration that changed is removed, then added again. */
    public record Changes(List<RegisteredDatabase> removed, List<RegisteredDatabase> added) {
        public boolean none() {
            return removed.isEmpty() && added.isEmpty();
        }
    }

    /** Replaces every registration by {@code databases}; returns what changed. */
    public synchronized Changes replace(List<RegisteredDatabase> databases) {
        Map<String, RegisteredDatabase> next = byId(databases);
        Map<String, RegisteredDatabase> previous = byId;
        List<RegisteredDatabase> removed = new ArrayList<>();
        List<RegisteredDatabase> added = new ArrayList<>();
        previous.forEach((id, db) -> {
            if (!db.equals(next.get(id))) removed.add(db);
        });
        next.forEach((id, db) -> {
            if (!db.equals(previous.get(id))) added.add(db);
        });
        byId = next;
        return new Changes(List.copyOf(removed), List.copyOf(added));
    }

    private static Map<String, RegisteredDatabase> byId(List<RegisteredDatabase> databases) {
        Map<String, RegisteredDatabase> map = new LinkedHashMap<>();
        databases.forEach(d -> map.put(d.id(), d));
        return Collections.unmodifiableMap(map);
    }

    /** Reads the file {@link #parse} describes; relative paths are resolved against the file's directory. */
    public static DatabaseRegistry load(Path file) throws IOException {
        try {
            return parse(Files.readString(file), file.toAbsolutePath().getParent());
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Parses {@code [{"id", "jdbcUrl", "admin": {"user", "password"}, "reader": {"user", "password"}, "schemas": [..],
     * "annotations": path, "docs": dir, "cdc": {"user", "password"}, "execute": bool, "principals": {principal: role},
     * "defaultRole": role}]}, resolving relative paths against {@code base}; {@code execute} (default false) has its
     * validated answers run and their rows published; {@code principals} and {@code defaultRole} name the roles
     * questions run as (see {@link Principals}). The flat form of earlier
     * releases, {@code "user"} and {@code "password"} beside the id, is read as the admin login; giving both forms is
     * an error. A registration without {@code reader} serves ingest only: generation refuses to start on it.
     */
    public static DatabaseRegistry parse(String json, Path base) throws IOException {
        JsonNode root = new ObjectMapper().readTree(json);
        if (!root.isArray()) throw new IllegalArgumentException("expected a JSON list of databases");
        List<RegisteredDatabase> list = new ArrayList<>();
        for (JsonNode n : root) {
            List<String> schemas = new ArrayList<>();
            n.path("schemas").forEach(s -> schemas.add(s.asText()));
            String id = text(n, "id");
            list.add(new RegisteredDatabase(
                    id,
                    text(n, "jdbcUrl"),
                    admin(id, n),
                    credentials(id, n, "reader"),
                    schemas,
                    path(base, n, "annotations"),
                    path(base, n, "docs"),
                    credentials(id, n, "cdc"),
                    execute(id, n),
                    principals(id, n)));
        }
        return new DatabaseRegistry(list);
    }

    private static Credentials admin(String id, JsonNode n) {
        boolean flat = n.has("user") || n.has("password");
        if (flat && n.has("admin"))
            throw new IllegalArgumentException(
                    "database " + id + ": give either \"admin\": {\"user\", \"password\"} or the older"
                            + " flat \"user\"/\"password\", not both");
        if (!flat) return credentials(id, n, "admin");
        return login(id, "user", text(n, "user"), text(n, "password"));
    }

    private static Credentials credentials(String id, JsonNode n, String field) {
        if (!n.hasNonNull(field)) return null;
        JsonNode login = n.get(field);
        if (!login.isObject())
            throw new IllegalArgumentException(
                    "database " + id + ": \"" + field + "\" must be {\"user\", \"password\"}");
        return login(id, field, text(login, "user"), text(login, "password"));
    }

    private static Credentials login(String id, String field, String user, String password) {
        if (user == null || user.isBlank())
            throw new IllegalArgumentException("database " + id + ": \"" + field + "\" needs a non-empty \"user\"");
        return new Credentials(user, password);
    }

    private static boolean execute(String id, JsonNode n) {
        JsonNode execute = n.path("execute");
        if (execute.isMissingNode() || execute.isNull()) return false;
        if (!execute.isBoolean())
            throw new IllegalArgumentException("database " + id + ": \"execute\" must be true or false");
        return execute.booleanValue();
    }

    private static Principals principals(String id, JsonNode n) {
        JsonNode mapped = n.path("principals");
        Map<String, String> roles = new LinkedHashMap<>();
        if (!mapped.isMissingNode() && !mapped.isNull()) {
            if (!mapped.isObject())
                throw new IllegalArgumentException("database " + id + ": \"principals\" must be {principal: role}");
            for (Map.Entry<String, JsonNode> e : mapped.properties()) {
                if (!e.getValue().isTextual())
                    throw new IllegalArgumentException(
                            "database " + id + ": the role of principal " + e.getKey() + " must be a string");
                roles.put(e.getKey(), e.getValue().asText());
            }
        }
        try {
            return new Principals(roles, text(n, "defaultRole"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("database " + id + ": " + e.getMessage(), e);
        }
    }

    private static String text(JsonNode n, String field) {
        return n.hasNonNull(field) ? n.get(field).asText() : null;
    }

    private static Path path(Path base, JsonNode n, String field) {
        String value = text(n, field);
        return value == null ? null : base.resolve(value);
    }
}
