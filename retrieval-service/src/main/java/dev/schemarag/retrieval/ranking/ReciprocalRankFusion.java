package dev.schemarag.retrieval.ranking;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Weighted reciprocal rank fusion: an item scores Σ weight / (k + rank) over the rankings it appears in (rank 1 is
 * best). Only ranks count, so rankings on incomparable scales (cosine, BM25) fuse without calibration.
 */
public final class ReciprocalRankFusion {
    private ReciprocalRankFusion() {}

    /** One ranking, best first, with the weight of its votes. */
    public record Ranking<T>(List<T> items, double weight) {
        public Ranking {
            items = List.copyOf(items);
        }
    }

    /** Fused scores, best first; ties keep the order in which the items were first seen. */
    public static <T> Map<T, Double> fuse(int k, List<Ranking<T>> rankings) {
        Map<T, Double> scores = new LinkedHashMap<>();
        for (Ranking<T> ranking : rankings) {
            for (int i = 0; i < ranking.items().size(); i++) {
                scores.merge(ranking.items().get(i), ranking.weight() / (k + i + 1), Double::sum);
            }
        }
        List<Map.Entry<T, Double>> entries = new ArrayList<>(scores.entrySet());
        entries.sort(Map.Entry.<T, Double>comparingByValue().reversed()); // stable: ties stay in first-seen order
        Map<T, Double> sorted = new LinkedHashMap<>();
        entries.forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return sorted;
    }
}
