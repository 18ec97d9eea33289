package dev.schemarag.retrieval;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.index.DocHit;
import dev.schemarag.retrieval.packet.TokenCounter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Chooses the documentation for a packet: chunks above the similarity bar and within the relative cut-off of the
 * nearest one (a chunk much farther from the question than the best adds little the best and the tables do not say
 * already), those about selected tables first
 * (a chunk about a table the model cannot see is mostly noise), each group by similarity, within a token budget: a
 * chunk that does not fit in what the ones before it left is passed over for a shorter one after it, so one long
 * overview cannot outweigh the tables it documents.
 */
public final class DocChunkSelection {
    private DocChunkSelection() {}

    /**
     * @param relativeCutoff the share of the nearest chunk's similarity a chunk needs; 0 = none
     * @param maxTokens tokens the chosen chunks' texts may take together; 0 = no budget
     */
    public static List<DocHit> choose(
            List<DocHit> hits,
            Set<TableName> selected,
            int topK,
            double minSimilarity,
            double relativeCutoff,
            int maxTokens) {
        double nearest = hits.stream().mapToDouble(DocHit::similarity).max().orElse(0);
        double bar = Math.max(minSimilarity, relativeCutoff * nearest);
        List<DocHit> ordered = hits.stream()
                .filter(hit -> hit.similarity() >= bar)
                .distinct()
                .sorted(Comparator.comparing(
                                (DocHit hit) -> !selected.contains(hit.chunk().table()))
                        .thenComparing(
                                Comparator.comparingDouble(DocHit::similarity).reversed()))
                .toList();
        List<DocHit> chosen = new ArrayList<>();
        int room = maxTokens == 0 ? Integer.MAX_VALUE : maxTokens;
        for (DocHit hit : ordered) {
            if (chosen.size() >= topK) break;
            int tokens = maxTokens == 0 ? 0 : TokenCounter.count(hit.chunk().content());
            if (tokens > room) continue;
            chosen.add(hit);
            room -= tokens;
        }
        return List.copyOf(chosen);
    }
}
