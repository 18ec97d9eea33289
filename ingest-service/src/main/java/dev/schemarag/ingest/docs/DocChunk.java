package dev.schemarag.ingest.docs;

import dev.schemarag.core.schema.TableName;
import java.util.List;
import java.util.Optional;

/**
 * One retrievable piece of a table's documentation.
 *
 * @param table         the documented table
 * @param column        the column, for {@link ChunkKind#COLUMN} chunks only
 * @param kind          which section the chunk comes from
 * @param index         position of the chunk within its table's doc, from 0; {@code table} + {@code index} is unique
 * @param content       plain text (markdown emphasis removed, SQL kept verbatim) that gets embedded and indexed
 * @param relatedTables other tables the chunk points at, sorted; never the chunk's own table
 * @param keywords      the most frequent informative words and identifiers of the content, most frequent first
 * @param tokenEstimate {@link dev.schemarag.ingest.text.TokenEstimate} of the content
 * @param query         the structured query pattern, for {@link ChunkKind#QUERY} chunks that carry SQL
 */
public record DocChunk(
        TableName table,
        Optional<String> column,
        ChunkKind kind,
        int index,
        String content,
        List<TableName> relatedTables,
        List<String> keywords,
        int tokenEstimate,
        Optional<QueryExample> query) {
    public DocChunk {
        relatedTables = List.copyOf(relatedTables);
        keywords = List.copyOf(keywords);
    }
}
