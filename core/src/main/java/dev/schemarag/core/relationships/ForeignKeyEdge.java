package dev.schemarag.core.relationships;

import dev.schemarag.core.schema.TableName;
import java.util.List;

/**
 * A join edge from {@code from}'s columns to {@code to}'s columns: a declared foreign key, or an annotated or inferred
 * relationship with the confidence its source gives it (declared 1.0 > annotated > inferred).
 */
public record ForeignKeyEdge(
        TableName from,
        List<String> fromColumns,
        TableName to,
        List<String> toColumns,
        EdgeSource source,
        double confidence) {
    public ForeignKeyEdge {
        fromColumns = List.copyOf(fromColumns);
        toColumns = List.copyOf(toColumns);
        if (fromColumns.isEmpty() || fromColumns.size() != toColumns.size())
            throw new IllegalArgumentException("edge " + from + " -> " + to + " needs matching column lists");
        if (!(confidence > 0 && confidence <= 1))
            throw new IllegalArgumentException("edge confidence must be in (0, 1]: " + confidence);
    }

    /** A declared foreign key. */
    public ForeignKeyEdge(TableName from, List<String> fromColumns, TableName to, List<String> toColumns) {
        this(from, fromColumns, to, toColumns, EdgeSource.DECLARED, EdgeSource.DECLARED_CONFIDENCE);
    }

    public boolean declared() {
        return source == EdgeSource.DECLARED;
    }
}
