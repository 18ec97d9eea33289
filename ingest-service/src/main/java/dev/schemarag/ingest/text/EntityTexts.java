package dev.schemarag.ingest.text;

import dev.schemarag.core.schema.TableName;
import java.util.List;

/**
 * Everything ingest derives as text from one table: the table's embedding text and hash, its compact prompt
 * rendering, and one {@link ColumnText} per column in catalog order.
 */
public record EntityTexts(
        TableName table, String tableText, String tableHash, String compact, List<ColumnText> columns) {
    public EntityTexts {
        columns = List.copyOf(columns);
    }
}
