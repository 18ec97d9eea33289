package dev.schemarag.core.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The registered target databases, by id. Loaded from a JSON list; lookups of unknown ids return empty. */
public final class DatabaseRegistry {
    private final Map<String, RegisteredDatabase> byId = new LinkedHashMap<>();

    public DatabaseRegistry(List<RegisteredDatabase> databases) {
        databases.forEach(d -> byId.put(d.id(), d));
    }

    public Optional<RegisteredDatabase> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    public List<RegisteredDatabase> all() {
        return List.copyOf(byId.values());
    }

    /**
     * Reads {@code [{"id", "jdbcUrl", "user", "password", "schemas": [..], "annotations": path, "docs": dir}]};
     * relative paths are resolved against the file's directory.
     */
    public static DatabaseRegistry load(Path file) throws IOException {
        JsonNode root = new ObjectMapper().readTree(Files.readString(file));
        if (!root.isArray()) throw new IOException(file + ": expected a JSON list of databases");
        Path base = file.toAbsolutePath().getParent();
        List<RegisteredDatabase> list = new ArrayList<>();
        for (JsonNode n : root) {
            List<String> schemas = new ArrayList<>();
            n.path("schemas").forEach(s -> schemas.add(s.asText()));
            list.add(new RegisteredDatabase(text(n, "id"), text(n, "jdbcUrl"), text(n, "user"), text(n, "password"),
                    schemas, path(base, n, "annotations"), path(base, n, "docs")));
        }
        return new DatabaseRegistry(list);
    }

    private static String text(JsonNode n, String field) {
        return n.hasNonNull(field) ? n.get(field).asText() : null;
    }

    private static Path path(Path base, JsonNode n, String field) {
        String value = text(n, field);
        return value == null ? null : base.resolve(value);
    }
}
