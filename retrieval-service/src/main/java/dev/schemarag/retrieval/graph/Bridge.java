package dev.schemarag.retrieval.graph;

import dev.schemarag.core.schema.TableName;
import java.util.List;

/** Tables added so that {@code to} can be joined to {@code from}: the inner tables of their shortest FK path. */
public record Bridge(TableName from, TableName to, List<TableName> via) {
    public Bridge {
        via = List.copyOf(via);
    }
}
