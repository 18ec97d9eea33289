package dev.schemarag.retrieval.ranking;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.RetrievalSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Fuses the dense ranking with the BM25 ranking by weighted reciprocal rank fusion; dense weighs more, so lexical
 * matches (exact names, codes, acronyms) reorder and add tables rather than lead.
 *
 * <p>RRF orders the tables, but its values (≈ 1/61) mean nothing against a threshold. So each table's
 * {@code score} stays in cosine-similarity units: its dense score when the vector search found it; a table found
 * only by BM25 takes the dense score of the nearest dense-found table ranked below it (above it, when none is
 * below), i.e. it is worth what it outranked. Thresholds such as the FK evidence bar (0.20) and the low-score
 * fallback therefore read as similarities, and a catalog the question does not resemble stays low however BM25 ranks it.
 */
public final class HybridRanking {
    private HybridRanking() {}

    public static List<RankedTable> rank(DenseRanking dense, List<TableName> lexical, RetrievalSettings settings) {
        Map<TableName, Double> denseScore = new HashMap<>();
        Map<TableName, Integer> denseRank = new HashMap<>();
        List<TableName> denseOrder = new ArrayList<>();
        for (DenseCandidate candidate : dense.candidates()) {
            denseScore.put(candidate.table(), candidate.score());
            denseRank.put(candidate.table(), denseOrder.size() + 1);
            denseOrder.add(candidate.table());
        }
        Map<TableName, Integer> lexicalRank = new HashMap<>();
        for (int i = 0; i < lexical.size(); i++) lexicalRank.putIfAbsent(lexical.get(i), i + 1);

        Map<TableName, Double> fused = ReciprocalRankFusion.fuse(
                settings.rrfK(),
                List.of(
                        new ReciprocalRankFusion.Ranking<>(denseOrder, settings.rrfDenseWeight()),
                        new ReciprocalRankFusion.Ranking<>(lexical, settings.rrfLexicalWeight())));

        List<TableName> order = new ArrayList<>(fused.keySet());
        List<RankedTable> ranked = new ArrayList<>(order.size());
        for (int i = 0; i < order.size(); i++) {
            TableName table = order.get(i);
            Double score = denseScore.get(table);
            ranked.add(new RankedTable(
                    table,
                    score != null ? score : borrowedScore(order, i, denseScore),
                    denseRank.getOrDefault(table, 0),
                    lexicalRank.getOrDefault(table, 0),
                    fused.get(table)));
        }
        return ranked;
    }

    private static double borrowedScore(List<TableName> order, int position, Map<TableName, Double> denseScore) {
        for (int i = position + 1; i < order.size(); i++) {
            Double below = denseScore.get(order.get(i));
            if (below != null) return below;
        }
        for (int i = position - 1; i >= 0; i--) {
            Double above = denseScore.get(order.get(i));
            if (above != null) return above;
        }
        return 0;
    }
}
