package dev.schemarag.retrieval.graph;

import dev.schemarag.core.schema.TableName;
import java.util.List;

/**
 * The outcome of FK expansion.
 *
 * @param candidates FK neighbours of the selected tables that were not selected themselves
 * @param added      candidates with evidence of relevance, added to the selection
 * @param blocked    candidates left out for lack of evidence
 * @param capped     candidates with evidence, left out because the caps were reached
 */
public record Expansion(
        List<TableName> candidates, List<TableName> added, List<TableName> blocked, List<TableName> capped) {
    public static final Expansion NONE = new Expansion(List.of(), List.of(), List.of(), List.of());

    public Expansion {
        candidates = List.copyOf(candidates);
        added = List.copyOf(added);
        blocked = List.copyOf(blocked);
        capped = List.copyOf(capped);
    }
}
