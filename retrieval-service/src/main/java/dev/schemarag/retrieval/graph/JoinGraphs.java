package dev.schemarag.retrieval.graph;

import dev.schemarag.core.schema.Relationship;
import dev.schemarag.core.schema.Table;
import dev.schemarag.core.schema.TableName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The join graph of a catalog: its declared foreign keys, the relationships its annotations add, and the inferred
 * ones. Declared keys win over annotations (an annotation on a constrained column is ignored), and annotations over
 * inference: a column an annotation relates is not inferred, and an inferred edge an annotation denies is dropped.
 */
public final class JoinGraphs {
    private JoinGraphs() {}

    public static ForeignKeyGraph of(Collection<Table> tables) {
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
        return ForeignKeyGraph.of(tables, further);
    }
}
