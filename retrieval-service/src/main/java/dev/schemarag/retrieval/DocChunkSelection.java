package dev.schemarag.retrieval;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.index.DocHit;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Chooses the documentation for a packet: chunks above the similarity bar, those about selected tables first
 * (a chunk about a table the model cannot see is mostly noise), each group by similarity.
 */
public final class DocChunkSelection {
    private DocChunkSelection() {}

    public static List<DocHit> choose(List<DocHit> hits, Set<TableName> selected, int topK, double minSimilarity) {
        return hits.stream()
                .filter(hit -> hit.similarity() >= minSimilarity)
                .distinct()
                .sorted(Comparator.comparing(
                                (DocHit hit) -> !selected.contains(hit.chunk().table()))
                        .thenComparing(
                                Comparator.comparingDouble(DocHit::similarity).reversed()))
                .limit(topK)
                .toList();
    }
}
