package dev.schemarag.ingest.fakes;

import dev.schemarag.core.schema.SchemaCatalog;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableAccess;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.ingest.introspect.IntrospectionException;
import dev.schemarag.ingest.introspect.SchemaIntrospector;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A target database's structure held in a map: tests create, alter and drop tables by putting and removing. */
public final class InMemoryIntrospector implements SchemaIntrospector {
    public final Map<TableName, Table> tables = new LinkedHashMap<>();
    /** What each role may read, as tests grant it. */
    public final Map<TableName, TableAccess> access = new LinkedHashMap<>();

    public IntrospectionException failWith;

    public InMemoryIntrospector with(Table... ts) {
        for (Table t : ts) tables.put(t.name(), t);
        return this;
    }

    @Override
    public SchemaCatalog introspect(String databaseId, List<String> schemas) throws IntrospectionException {
        if (failWith != null) throw failWith;
        return new SchemaCatalog(
                databaseId,
                tables.values().stream()
                        .filter(t -> schemas.contains(t.name().schema()))
                        .toList());
    }

    @Override
    public Optional<Table> table(TableName name) throws IntrospectionException {
        if (failWith != null) throw failWith;
        return Optional.ofNullable(tables.get(name));
    }

    @Override
    public Map<TableName, TableAccess> access(List<String> schemas, Set<String> roles) throws IntrospectionException {
        if (failWith != null) throw failWith;
        Map<TableName, TableAccess> granted = new LinkedHashMap<>();
        access.forEach((table, recorded) -> {
            if (!schemas.contains(table.schema())) return;
            Map<String, List<String>> readers = new LinkedHashMap<>(recorded.readers());
            readers.keySet().retainAll(roles);
            granted.put(table, new TableAccess(readers, recorded.rowSecurity(), recorded.policies()));
        });
        return granted;
    }
}
