package dev.schemarag.retrieval.graph;

import dev.schemarag.core.schema.TableName;
import java.util.List;

/**
 * The bridges added to connect the selection, and the selected tables that stay unconnected (no FK path, or the
 * path does not fit under the table cap).
 */
public record Bridging(List<Bridge> bridges, List<TableName> unconnected) {
    public static final Bridging NONE = new Bridging(List.of(), List.of());

    public Bridging {
        bridges = List.copyOf(bridges);
        unconnected = List.copyOf(unconnected);
    }

    /** The bridge tables in the order they were added. */
    public List<TableName> added() {
        return bridges.stream().flatMap(b -> b.via().stream()).toList();
    }
}
