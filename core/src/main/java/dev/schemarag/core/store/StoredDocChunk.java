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
        float[] embedding) {}
