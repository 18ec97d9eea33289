package dev.schemarag.app.onboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.schemarag.core.config.DatabaseRegistry;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * The databases file {@code db add} and {@code db remove} edit: a JSON list of registrations
 * ({@link DatabaseRegistry#parse}), changed entry by entry so that what a person wrote by hand stays as written.
 * It holds passwords, so it is written owner-readable only, and atomically (a watching service never reads half).
 */
public final class DatabasesFile {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path file;

    public DatabasesFile(Path file) {
        this.file = file.toAbsolutePath();
    }

    public Path path() {
        return file;
    }

    /** The registrations as the services read them; none when the file does not exist yet. */
    public DatabaseRegistry registry() throws IOException {
        return DatabaseRegistry.parse(JSON.writeValueAsString(entries()), file.getParent());
    }

    /** The entry registered under {@code id}, as written. */
    public Optional<ObjectNode> find(String id) throws IOException {
        for (JsonNode n : entries()) if (id.equals(n.path("id").asText(null))) return Optional.of((ObjectNode) n);
        return Optional.empty();
    }

    /** Appends {@code entry}; fails when its id is registered already. */
    public void add(ObjectNode entry) throws IOException {
        ArrayNode entries = entries();
        String id = entry.path("id").asText();
        if (find(id).isPresent()) throw new IllegalArgumentException("database '" + id + "' is registered already");
        entries.add(entry);
        DatabaseRegistry.parse(JSON.writeValueAsString(entries), file.getParent()); // what the services will read
        write(entries);
    }

    /** Removes the entry of {@code id}; returns whether there was one. */
    public boolean remove(String id) throws IOException {
        ArrayNode entries = entries();
        for (int i = 0; i < entries.size(); i++) {
            if (id.equals(entries.get(i).path("id").asText(null))) {
                entries.remove(i);
                write(entries);
                return true;
            }
        }
        return false;
    }

    /** Sets {@code field} of the entry {@code id} to {@code value}. */
    public void set(String id, String field, String value) throws IOException {
        ArrayNode entries = entries();
        for (JsonNode n : entries) if (id.equals(n.path("id").asText(null))) ((ObjectNode) n).put(field, value);
        write(entries);
    }

    /**
     * Maps {@code principal} to {@code role} in the entry {@code id}'s {@code principals}, or unmaps it when
     * {@code role} is null; returns whether the entry exists.
     */
    public boolean mapPrincipal(String id, String principal, String role) throws IOException {
        ArrayNode entries = entries();
        for (JsonNode n : entries) {
            if (!id.equals(n.path("id").asText(null))) continue;
            ObjectNode entry = (ObjectNode) n;
            ObjectNode principals =
                    entry.get("principals") instanceof ObjectNode mapped ? mapped : entry.putObject("principals");
            if (role == null) principals.remove(principal);
            else principals.put(principal, role);
            DatabaseRegistry.parse(JSON.writeValueAsString(entries), file.getParent()); // what the services will read
            write(entries);
            return true;
        }
        return false;
    }

    private ArrayNode entries() throws IOException {
        if (!Files.exists(file)) return JSON.createArrayNode();
        JsonNode root = JSON.readTree(file.toFile());
        if (root == null) return JSON.createArrayNode();
        if (!(root instanceof ArrayNode list)) throw new IOException(file + ": expected a JSON list of databases");
        return list;
    }

    private void write(ArrayNode entries) throws IOException {
        Files.createDirectories(file.getParent());
        Path next = file.resolveSibling(file.getFileName() + ".next");
        Files.deleteIfExists(next);
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix"))
            Files.createFile(next, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(next, JSON.writeValueAsString(entries) + "\n");
        try {
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
