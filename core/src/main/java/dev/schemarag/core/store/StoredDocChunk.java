package dev.schemarag.core.store;

import dev.schemarag.core.schema.TableName;
import java.util.List;

/** One documentation chunk as stored, with its vector. {@code kind} is overview, column, query, relationship or example. */
public record StoredDocChunk(
        TableName table,
        String column,
        String kind,
        int index,
        List<String> relatedTables,
        List<String> keywords,
        int tokenEstimate,
        String content,
        String textHash,
        float[] embedding) {

    /** The key a chunk is stored under in its database: table, kind and index, e.g. {@code public.orders/query/2}. */
    public static String key(TableName table, String kind, int index) {
        return table + "/" + kind + "/" + index;
    }
}
