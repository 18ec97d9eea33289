package dev.schemarag.retrieval.index;

import dev.schemarag.core.schema.TableName;
import java.util.Set;

/**
 * The vectors of the tables touched after a version held ({@code changed}), read in one snapshot of the store as of
 * {@code version}: those of a changed table absent from {@code vectors} are gone.
 */
public record VectorChanges(String version, Set<TableName> changed, DatabaseVectors vectors) {
    public VectorChanges {
        changed = Set.copyOf(changed);
        for (Embedded<TableName> table : vectors.tables())
            if (!changed.contains(table.entity())) throw new IllegalArgumentException("vector of unchanged table");
        for (Embedded<DatabaseVectors.Column> column : vectors.columns())
            if (!changed.contains(column.entity().table()))
                throw new IllegalArgumentException("vector of a column of an unchanged table");
        for (Embedded<DocChunk> doc : vectors.docs())
            if (!changed.contains(doc.entity().table()))
                throw new IllegalArgumentException("vector of a doc chunk of an unchanged table");
    }
}
