package dev.schemarag.retrieval.ranking;

import java.util.List;

/** Tables ordered by dense score, best first, with the counts behind them. */
public record DenseRanking(List<DenseCandidate> candidates, DenseStats stats) {
    public DenseRanking {
        candidates = List.copyOf(candidates);
    }
}
