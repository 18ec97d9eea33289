package dev.schemarag.ingest.docs;

import dev.schemarag.core.schema.TableName;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The chunks parsed from one table's documentation file. */
public record TableDoc(TableName table, Path source, List<DocChunk> chunks) {
    public TableDoc {
        chunks = List.copyOf(chunks);
    }

    /** The documented query patterns that carry SQL, in document order. */
    public List<QueryExample> queryExamples() {
        return chunks.stream().map(DocChunk::query).flatMap(Optional::stream).toList();
    }
}
