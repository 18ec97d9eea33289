package dev.schemarag.core.relationships;

import dev.schemarag.core.schema.ForeignKey;
import dev.schemarag.core.schema.Relationship;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The join edges of a catalog beyond its declared foreign keys: the relationships its annotations add and the inferred
 * ones. Declared keys win over annotations (an annotation on a constrained column is ignored), and annotations over
 * inference: a column an annotation relates is not inferred, and an inferred edge an annotation denies is dropped.
 *
 * <p>A table's edges depend on its own schema only (inference stays within a schema, annotations belong to the table
 * they are written on), so the edges of some whole schemas are those of the catalog restricted to them: a change is
 * recomputed for the schemas it touches.
 */
public final class JoinEdges {
    private JoinEdges() {}

    /** The annotated and inferred edges of the given tables, in catalog order; declared keys are not among them. */
    public static List<ForeignKeyEdge> of(Collection<Table> tables) {
        List<ForeignKeyEdge> further = new ArrayList<>();
        Set<List<Object>> annotatedColumns = new HashSet<>();
        Set<List<Object>> denied = new HashSet<>();
        for (Table table : tables) {
            for (Relationship r : table.relationships()) {
                // The database's own constraint wins over an annotation that repeats or contradicts it.
                if (r.columns().stream().anyMatch(c -> table.foreignKeyOf(c).isPresent())) continue;
                if (r.denied()) {
                    denied.add(List.of(table.name(), r.columns(), r.referencedTable()));
                } else {
                    annotatedColumns.add(List.of(table.name(), r.columns()));
                    further.add(new ForeignKeyEdge(
                            table.name(),
                            r.columns(),
                            r.referencedTable(),
                            r.referencedColumns(),
                            EdgeSource.ANNOTATED,
                            EdgeSource.ANNOTATED_CONFIDENCE));
                }
            }
        }
        for (ForeignKeyEdge edge : RelationshipInference.infer(tables)) {
            TableName from = edge.from();
            if (annotatedColumns.contains(List.of(from, edge.fromColumns()))) continue;
            if (denied.contains(List.of(from, edge.fromColumns(), edge.to()))) continue;
            further.add(edge);
        }
        return further;
    }

    /** The table's declared foreign keys as edges. */
    public static List<ForeignKeyEdge> declared(Table table) {
        List<ForeignKeyEdge> edges = new ArrayList<>();
        for (ForeignKey fk : table.foreignKeys())
            edges.add(new ForeignKeyEdge(table.name(), fk.columns(), fk.referencedTable(), fk.referencedColumns()));
        return edges;
    }
}
