package dev.schemarag.avro;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;

/**
 * A schema registry held in memory, for running topologies without a registry server (as Confluent's
 * MockSchemaRegistryClient). Like the real one it gives a schema one global id across subjects, numbers
 * each subject's versions from 1 and refuses a schema that cannot read the subject's latest version (BACKWARD).
 */
public final class InMemorySchemaRegistry implements SchemaRegistry {
    private final Map<String, List<SchemaVersion>> versionsBySubject = new TreeMap<>();
    private final Map<Integer, Schema> schemasById = new HashMap<>();
    private final Map<Schema, Integer> idsBySchema = new HashMap<>();

    @Override
    public synchronized int register(String subject, Schema schema) {
        List<SchemaVersion> versions = versionsBySubject.getOrDefault(subject, List.of());
        for (SchemaVersion version : versions) {
            if (version.schema().equals(schema)) {
                return version.id();
            }
        }
        if (!versions.isEmpty()
                && !canRead(schema, versions.get(versions.size() - 1).schema())) {
            throw new SchemaRegistryException(
                    409,
                    SchemaRegistryException.INCOMPATIBLE_SCHEMA,
                    "Schema being registered " + "is incompatible with the latest version of subject '" + subject
                            + "' under BACKWARD compatibility");
        }
        int id = idsBySchema.computeIfAbsent(schema, s -> schemasById.size() + 1);
        schemasById.put(id, schema);
        versionsBySubject
                .computeIfAbsent(subject, s -> new ArrayList<>())
                .add(new SchemaVersion(subject, versions.size() + 1, id, schema));
        return id;
    }

    @Override
    public synchronized Schema getById(int id) {
        Schema schema = schemasById.get(id);
        if (schema == null) {
            throw new SchemaRegistryException(
                    404, SchemaRegistryException.SCHEMA_NOT_FOUND, "Schema " + id + " not found");
        }
        return schema;
    }

    @Override
    public synchronized boolean isCompatible(String subject, Schema schema) {
        return canRead(schema, latest(subject).schema());
    }

    @Override
    public synchronized List<String> subjects() {
        return List.copyOf(versionsBySubject.keySet());
    }

    @Override
    public synchronized SchemaVersion latest(String subject) {
        List<SchemaVersion> versions = versionsBySubject.getOrDefault(subject, List.of());
        if (versions.isEmpty()) {
            throw new SchemaRegistryException(
                    404, SchemaRegistryException.SUBJECT_NOT_FOUND, "Subject '" + subject + "' not found.");
        }
        return versions.get(versions.size() - 1);
    }

    private static boolean canRead(Schema reader, Schema writer) {
        return SchemaCompatibility.checkReaderWriterCompatibility(reader, writer)
                        .getType()
                == SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE;
    }
}
