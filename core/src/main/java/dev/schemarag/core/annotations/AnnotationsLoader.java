package dev.schemarag.core.annotations;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the optional per-database annotations JSON:
 * <pre>{"modules": {"employees": "HR"},
 *  "synonyms": {"employees": ["staff"], "employees.first_name": ["given name"]},
 *  "descriptions": {"employees": "...", "hr.employees.hire_date": "..."},
 *  "relationships": [{"from": "leave_requests.approver", "to": "employees.employee_id"},
 *                    {"from": "orders.status_id", "to": "status_history.id", "deny": true}],
 *  "columns": {"users.email": {"pii": true}, "hr.employees.ssn": {"pii": true}}}</pre>
 * Every section is optional; a synonym entry may be a single string. Other top-level keys are ignored with a
 * warning, so a typo such as {@code "synonym"} shows up in the log without blocking ingestion.
 */
public final class AnnotationsLoader {
    private static final Logger log = LoggerFactory.getLogger(AnnotationsLoader.class);
    private static final Set<String> SECTIONS =
            Set.of("modules", "synonyms", "descriptions", "relationships", "columns");
    private static final Set<String> COLUMN_FLAGS = Set.of("pii");
    private static final ObjectMapper JSON = new ObjectMapper();

    private AnnotationsLoader() {}

    /** A missing file means the database has no annotations. */
    public static Annotations load(Path file) {
        if (!Files.exists(file)) {
            log.info("No annotations file at {}; continuing without annotations", file);
            return Annotations.empty();
        }
        try (InputStream in = Files.newInputStream(file)) {
            return load(in, file.toString());
        } catch (IOException e) {
            throw new AnnotationsException("Cannot read annotations file " + file + ": " + e.getMessage(), e);
        }
    }

    /** @param source names the stream in error messages, e.g. a file path or classpath resource */
    public static Annotations load(InputStream in, String source) {
        JsonNode root;
        try {
            root = JSON.readTree(in);
        } catch (JacksonException e) {
            throw new AnnotationsException(
                    "Malformed JSON in annotations file " + source + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new AnnotationsException("Cannot read annotations file " + source + ": " + e.getMessage(), e);
        }
        if (root == null || !root.isObject())
            throw new AnnotationsException("Annotations file " + source + " must hold a JSON object");
        root.fieldNames().forEachRemaining(name -> {
            if (!SECTIONS.contains(name))
                log.warn(
                        "Ignoring unknown section '{}' in annotations file {}; expected modules, synonyms, descriptions,"
                                + " relationships or columns",
                        name,
                        source);
        });
        Annotations annotations = new Annotations(
                strings(root, "modules", source),
                stringLists(root, "synonyms", source),
                strings(root, "descriptions", source),
                relationships(root, source),
                piiColumns(root, source));
        log.info(
                "Loaded annotations from {}: {} modules, {} synonym entries, {} descriptions, {} relationships,"
                        + " {} PII columns",
                source,
                annotations.modules().size(),
                annotations.synonyms().size(),
                annotations.descriptions().size(),
                annotations.relationships().size(),
                annotations.piiColumns().size());
        return annotations;
    }

    private static Map<String, String> strings(JsonNode root, String section, String source) {
        Map<String, String> values = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : entries(root, section, source)) {
            if (!e.getValue().isTextual()) throw wrongShape(source, section, e.getKey(), "a string");
            values.put(e.getKey(), e.getValue().textValue().strip());
        }
        return values;
    }

    private static Map<String, List<String>> stringLists(JsonNode root, String section, String source) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : entries(root, section, source)) {
            JsonNode node = e.getValue();
            List<String> list = new ArrayList<>();
            if (node.isTextual()) {
                list.add(node.textValue().strip());
            } else if (node.isArray()) {
                for (JsonNode item : node) {
                    if (!item.isTextual()) throw wrongShape(source, section, e.getKey(), "a list of strings");
                    list.add(item.textValue().strip());
                }
            } else {
                throw wrongShape(source, section, e.getKey(), "a list of strings");
            }
            values.put(e.getKey(), list);
        }
        return values;
    }

    private static List<RelationshipNote> relationships(JsonNode root, String source) {
        JsonNode node = root.get("relationships");
        if (node == null || node.isNull()) return List.of();
        if (!node.isArray())
            throw new AnnotationsException("Annotations file " + source + ": 'relationships' must be a list");
        List<RelationshipNote> notes = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            JsonNode entry = node.get(i);
            String where = "Annotations file " + source + ": 'relationships[" + i + "]'";
            if (!entry.isObject()
                    || !entry.path("from").isTextual()
                    || !entry.path("to").isTextual()
                    || !(entry.path("deny").isMissingNode()
                            || entry.path("deny").isBoolean()))
                throw new AnnotationsException(
                        where + " must be {\"from\": \"table.column\", \"to\": \"table.column\"[, \"deny\": true]}");
            try {
                notes.add(new RelationshipNote(
                        entry.get("from").textValue(),
                        entry.get("to").textValue(),
                        entry.path("deny").asBoolean(false)));
            } catch (IllegalArgumentException e) {
                throw new AnnotationsException(where + ": " + e.getMessage());
            }
        }
        return notes;
    }

    /** The keys of the {@code columns} entries marked {@code "pii": true}. */
    private static Set<String> piiColumns(JsonNode root, String source) {
        Set<String> pii = new LinkedHashSet<>();
        for (Map.Entry<String, JsonNode> e : entries(root, "columns", source)) {
            JsonNode flags = e.getValue();
            if (!Annotations.namesColumn(e.getKey()))
                throw new AnnotationsException("Annotations file " + source + ": 'columns." + e.getKey()
                        + "' must name a column as table.column or schema.table.column");
            if (!flags.isObject()
                    || !(flags.path("pii").isMissingNode() || flags.path("pii").isBoolean()))
                throw wrongShape(source, "columns", e.getKey(), "{\"pii\": true or false}");
            flags.fieldNames().forEachRemaining(flag -> {
                if (!COLUMN_FLAGS.contains(flag))
                    log.warn(
                            "Ignoring unknown flag '{}' of column {} in annotations file {}", flag, e.getKey(), source);
            });
            if (flags.path("pii").asBoolean(false)) pii.add(e.getKey());
        }
        return pii;
    }

    private static List<Map.Entry<String, JsonNode>> entries(JsonNode root, String section, String source) {
        JsonNode node = root.get(section);
        if (node == null || node.isNull()) return List.of();
        if (!node.isObject())
            throw new AnnotationsException("Annotations file " + source + ": '" + section + "' must be an object");
        return List.copyOf(node.properties());
    }

    private static AnnotationsException wrongShape(String source, String section, String key, String expected) {
        return new AnnotationsException(
                "Annotations file " + source + ": '" + section + "." + key + "' must be " + expected);
    }
}
