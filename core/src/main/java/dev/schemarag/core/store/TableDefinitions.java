package dev.schemarag.core.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.schemarag.core.schema.Table;

/** A table's full structure as the JSON stored beside its vector, from which context packets are rendered. */
public final class TableDefinitions {
    private static final ObjectMapper JSON =
            new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private TableDefinitions() {}

    public static String toJson(Table table) {
        try {
            return JSON.writeValueAsString(table);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize table " + table.name(), e);
        }
    }

    public static Table fromJson(String json) {
        try {
            return JSON.readValue(json, Table.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("stored table definition is not valid: " + e.getOriginalMessage(), e);
        }
    }
}
