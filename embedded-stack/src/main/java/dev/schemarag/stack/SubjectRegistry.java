package dev.schemarag.stack;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.Incompatibility;
import org.apache.avro.SchemaCompatibility.SchemaCompatibilityResult;

/**
 * The registry's rules over in-memory state, with no I/O: subjects hold numbered versions, every distinct
 * schema gets one global id (shared across subjects, increasing), and a new version must be BACKWARD
 * compatible with the latest one — consumers on the new schema can read everything written so far.
 * Deciding ({@link #prepare}) is separate from applying ({@link #apply}) so the caller can persist first.
 */
final class SubjectRegistry {
    static final String COMPATIBILITY_LEVEL = "BACKWARD";

    private final Map<String, List<RegisteredSchema>> versionsBySubject = new TreeMap<>();
    private final Map<Integer, Schema> schemasById = new HashMap<>();
    private final Map<Schema, Integer> idsBySchema = new HashMap<>();
    private int highestId;

    static Schema parse(String schemaText) {
        if (schemaText == null || schemaText.isBlank()) {
            throw RegistryError.invalidSchema("the request has no schema");
        }
        try {
            return new Schema.Parser().parse(schemaText);
        } catch (RuntimeException e) {
            throw RegistryError.invalidSchema(e.getMessage());
        }
    }

    /**
     * What registering {@code schema} under {@code subject} results in: the existing version when the subject
     * already has this schema, otherwise the next version with the schema's id (reused, or the next free one).
     * Throws {@link RegistryError} when the schema is not compatible with the subject's latest version.
     */
    RegisteredSchema prepare(String subject, Schema schema) {
        List<RegisteredSchema> versions = versionsBySubject.getOrDefault(subject, List.of());
        Optional<RegisteredSchema> existing =
                versions.stream().filter(v -> v.schema().equals(schema)).findFirst();
        if (existing.isPresent()) {
            return existing.get();
        }
        if (!versions.isEmpty()) {
            requireCompatible(versions.get(versions.size() - 1), schema);
        }
        int id = idsBySchema.getOrDefault(schema, highestId + 1);
        return new RegisteredSchema(subject, versions.size() + 1, id, schema);
    }

    boolean contains(RegisteredSchema registered) {
        return versionsBySubject.getOrDefault(registered.subject(), List.of()).contains(registered);
    }

    /** Records a registration; replaying one already recorded changes nothing. */
    void apply(RegisteredSchema registered) {
        if (contains(registered)) {
            return;
        }
        versionsBySubject
                .computeIfAbsent(registered.subject(), s -> new ArrayList<>())
                .add(registered);
        schemasById.putIfAbsent(registered.id(), registered.schema());
        idsBySchema.putIfAbsent(registered.schema(), registered.id());
        highestId = Math.max(highestId, registered.id());
    }

    /** Whether {@code schema} could follow {@code version} (a number or {@code latest}) of {@code subject}. */
    boolean isCompatible(String subject, String version, Schema schema) {
        return incompatibilities(version(subject, version), schema).isEmpty();
    }

    List<String> subjects() {
        return List.copyOf(versionsBySubject.keySet());
    }

    List<Integer> versions(String subject) {
        return versionsOf(subject).stream().map(RegisteredSchema::version).toList();
    }

    RegisteredSchema latest(String subject) {
        List<RegisteredSchema> versions = versionsOf(subject);
        return versions.get(versions.size() - 1);
    }

    /** A version by number, or {@code latest}. */
    RegisteredSchema version(String subject, String version) {
        if (version.equals("latest")) {
            return latest(subject);
        }
        List<RegisteredSchema> versions = versionsOf(subject);
        try {
            int number = Integer.parseInt(version);
            if (number >= 1 && number <= versions.size()) {
                return versions.get(number - 1);
            }
        } catch (NumberFormatException e) {
            // Falls through to "not found", as for any other unknown version.
        }
        throw RegistryError.versionNotFound(subject, version);
    }

    Schema schemaById(int id) {
        Schema schema = schemasById.get(id);
        if (schema == null) {
            throw RegistryError.schemaNotFound(Integer.toString(id));
        }
        return schema;
    }

    private List<RegisteredSchema> versionsOf(String subject) {
        List<RegisteredSchema> versions = versionsBySubject.get(subject);
        if (versions == null) {
            throw RegistryError.subjectNotFound(subject);
        }
        return versions;
    }

    private static void requireCompatible(RegisteredSchema latest, Schema candidate) {
        List<Incompatibility> problems = incompatibilities(latest, candidate);
        if (!problems.isEmpty()) {
            throw RegistryError.incompatible("Schema being registered is incompatible with version " + latest.version()
                    + " (id " + latest.id() + ") of subject '" + latest.subject() + "' under " + COMPATIBILITY_LEVEL
                    + " compatibility, because the new schema cannot read data written with the latest one: "
                    + describe(problems));
        }
    }

    private static List<Incompatibility> incompatibilities(RegisteredSchema latest, Schema candidate) {
        // BACKWARD: the new schema is the reader, the latest registered schema the writer.
        SchemaCompatibilityResult result = SchemaCompatibility.checkReaderWriterCompatibility(
                        candidate, latest.schema())
                .getResult();
        return result.getIncompatibilities();
    }

    private static String describe(List<Incompatibility> problems) {
        return problems.stream()
                .map(p -> p.getType() + " at " + p.getLocation() + " (" + p.getMessage() + ")")
                .collect(Collectors.joining("; "));
    }
}
