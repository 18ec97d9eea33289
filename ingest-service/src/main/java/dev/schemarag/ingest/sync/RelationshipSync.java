package dev.schemarag.ingest.sync;

import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.relationships.JoinEdges;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.core.store.SchemaStore;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps the stored join edges of a database in line with its stored table definitions: after the tables of some
 * schemas were indexed, recomputes the annotated and inferred edges of those schemas (a table's edges depend on its
 * own schema only, see {@link JoinEdges}) and replaces the stored ones, writing only what differs.
 */
public final class RelationshipSync {
    private final SchemaStore store;

    public RelationshipSync(SchemaStore store) {
        this.store = store;
    }

    /** The stored tables of the refreshed schemas, their annotated and inferred edges, and which tables' edges changed. */
    public record Outcome(Map<TableName, Table> tables, List<ForeignKeyEdge> edges, Set<TableName> changed) {
        public Outcome {
            tables = Map.copyOf(tables);
            edges = List.copyOf(edges);
            changed = Set.copyOf(changed);
        }

        /** Every join edge from the table: its declared foreign keys, then its annotated and inferred edges. */
        public List<ForeignKeyEdge> from(Table table) {
            List<ForeignKeyEdge> from = new ArrayList<>(JoinEdges.declared(table));
            edges.stream().filter(e -> e.from().equals(table.name())).forEach(from::add);
            return from;
        }
    }

    /** Recomputes the edges of the given schemas, every schema when null. */
    public Outcome refresh(String databaseId, Set<String> schemas) throws SQLException {
        List<Table> tables = store.definitions(databaseId, schemas);
        List<ForeignKeyEdge> edges = JoinEdges.of(tables);
        Set<TableName> changed = store.replaceRelationships(databaseId, schemas, edges);
        Map<TableName, Table> byName = new LinkedHashMap<>();
        tables.forEach(t -> byName.put(t.name(), t));
        return new Outcome(byName, edges, changed);
    }
}
