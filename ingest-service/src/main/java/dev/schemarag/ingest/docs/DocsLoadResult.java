package dev.schemarag.ingest.docs;

import java.util.List;

/** The table docs that loaded, in file-name order, and the files that were skipped. */
public record DocsLoadResult(List<TableDoc> docs, List<SkippedDoc> skipped) {
    public DocsLoadResult {
        docs = List.copyOf(docs);
        skipped = List.copyOf(skipped);
    }

    public List<DocChunk> chunks() {
        return docs.stream().flatMap(d -> d.chunks().stream()).toList();
    }
}
