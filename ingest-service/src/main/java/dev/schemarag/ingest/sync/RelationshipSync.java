package dev.schemarag.ingest.sync;

import dev.schemarag.core.relationships.DataCheck;
import dev.schemarag.core.relationships.EdgeSource;
import dev.schemarag.core.relationships.ForeignKeyEdge;
import dev.schemarag.core.relationships.JoinEdges;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.ingest.introspect.EdgeSampler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Keeps the stored join edges of a database in line with its stored table definitions: after the tables of some
 * schemas were indexed, recomputes the annotated and inferred edges of those schemas (a table's edges depend on its
 * own schema only, see {@link JoinEdges}) and replaces the stored ones, writing only what differs. Where the data check
 * is on, each inferred edge is judged on a sample of the data first ({@link DataCheck}).
 */
public final class RelationshipSync {
    private final SchemaStore store;
    private final Function<String, EdgeSampler> samplers;

    /** Without a data check. */
    public RelationshipSync(SchemaStore store) {
        this(store, databaseId -> EdgeSampler.NONE);
    }

    /** @param samplers each database's data check, {@link EdgeSampler#NONE} where it is off */
    public RelationshipSync(SchemaStore store, Function<String, EdgeSampler> samplers) {
        this.store = store;
        this.samplers = samplers;
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

    /**
     * The given tables as stored and their stored edges, without recomputing any: what a change that cannot move an
     * edge (a GRANT, a REVOKE, a policy) needs to publish their catalog entries. Nothing counts as changed.
     */
    public Outcome stored(String databaseId, Set<TableName> tables) throws SchemaStoreException {
        Map<TableName, Table> byName = new LinkedHashMap<>();
        store.tableDefinitions(databaseId, tables).forEach(t -> byName.put(t.name(), t));
        return new Outcome(byName, store.relationshipsFrom(databaseId, tables), Set.of());
    }

    /** Recomputes the edges of the given schemas, every schema when null. */
    public Outcome refresh(String databaseId, Set<String> schemas) throws SchemaStoreException {
        List<Table> tables = store.definitions(databaseId, schemas);
        EdgeSampler sampler = samplers.apply(databaseId);
        List<ForeignKeyEdge> edges = new ArrayList<>();
        for (ForeignKeyEdge edge : JoinEdges.of(tables)) {
            if (edge.source() != EdgeSource.INFERRED) edges.add(edge);
            else
                sampler.sample(edge)
                        .map(s -> DataCheck.judge(edge, s))
                        .orElse(Optional.of(edge))
                        .ifPresent(edges::add);
        }
        Set<TableName> changed = store.replaceRelationships(databaseId, schemas, edges);
        Map<TableName, Table> byName = new LinkedHashMap<>();
        tables.forEach(t -> byName.put(t.name(), t));
        return new Outcome(byName, edges, changed);
    }
}
