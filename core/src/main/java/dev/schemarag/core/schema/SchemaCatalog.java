package dev.schemarag.core.schema;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every introspected table of one registered database, in a stable order. */
public record SchemaCatalog(String databaseId, List<Table> tables) {
    public SchemaCatalog {
        tables = List.copyOf(tables);
    }

    public Optional<Table> table(TableName name) {
        return tables.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    public Map<TableName, Table> byName() {
        Map<TableName, Table> map = new LinkedHashMap<>();
        tables.forEach(t -> map.put(t.name(), t));
        return map;
    }
}
