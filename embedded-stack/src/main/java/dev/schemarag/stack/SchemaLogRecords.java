package dev.schemarag.stack;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * JSON encoding of the records in the {@code _schemas} topic. The key is (subject, version), so log
 * compaction keeps exactly one record per registered version.
 */
final class SchemaLogRecords {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SchemaLogRecords() {}

    static String key(RegisteredSchema registered) {
        return JSON.createObjectNode()
                .put("subject", registered.subject())
                .put("version", registered.version())
                .toString();
    }

    static String value(RegisteredSchema registered) {
        ObjectNode value = JSON.createObjectNode()
                .put("subject", registered.subject())
                .put("version", registered.version())
                .put("id", registered.id())
                .put("schema", registered.schema().toString());
        return value.toString();
    }

    /** Decodes a value; throws {@link IllegalArgumentException} naming what is missing or malformed. */
    static RegisteredSchema parse(String value) {
        JsonNode node;
        try {
            node = JSON.readTree(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
        }
        for (String field : new String[] {"subject", "version", "id", "schema"}) {
            if (node == null || !node.hasNonNull(field)) {
                throw new IllegalArgumentException("missing field '" + field + "'");
            }
        }
        return new RegisteredSchema(
                node.get("subject").asText(),
                node.get("version").asInt(),
                node.get("id").asInt(),
                SubjectRegistry.parse(node.get("schema").asText()));
    }
}
