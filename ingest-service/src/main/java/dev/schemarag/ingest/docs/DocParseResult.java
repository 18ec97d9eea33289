package dev.schemarag.ingest.docs;

import dev.schemarag.core.schema.TableName;
import java.util.List;

/** What {@link TableDocParser} makes of one markdown file: its chunks, or why it is unusable. */
public sealed interface DocParseResult {
    record Parsed(TableName table, List<DocChunk> chunks) implements DocParseResult {
        public Parsed {
            chunks = List.copyOf(chunks);
        }
    }

    record Malformed(String reason) implements DocParseResult {}
}
