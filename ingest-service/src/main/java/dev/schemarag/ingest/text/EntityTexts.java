package dev.schemarag.ingest.text;

import dev.schemarag.core.schema.TableName;
import java.util.List;

/**
 * Everything ingest derives as text from one table: the table's stored text and hash, the text its vector is made of
 * (the stored text fitted to the {@link EmbedTextBudget}), its compact prompt rendering, and one {@link ColumnText}
 * per column in catalog order.
 */
public record EntityTexts(
        TableName table,
        String tableText,
        String tableHash,
        String tableEmbedText,
        String compact,
        List<ColumnText> columns) {
    public EntityTexts {
        columns = List.copyOf(columns);
    }
}
