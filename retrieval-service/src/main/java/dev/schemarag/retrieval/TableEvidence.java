package dev.schemarag.retrieval;

import dev.schemarag.retrieval.ranking.DenseCandidate;
import dev.schemarag.retrieval.ranking.RankedTable;

/**
 * What the retrievers found for one table, kept so that a person can see why it is in the packet.
 *
 * @param tableSimilarity the table row's cosine similarity, 0 when the vector search did not hit the row itself
 * @param columnScore     top1 + w·top2 of its column similarities, 0 when no column was hit
 * @param columnHits      how many of its columns the vector search hit
 * @param denseRank       1-based rank in the dense ranking, 0 when not found there
 * @param lexicalRank     1-based rank in the BM25 ranking, 0 when not found there
 * @param fusedScore      its reciprocal rank fusion score, 0 when neither retriever ranked it
 */
public record TableEvidence(
        double tableSimilarity, double columnScore, int columnHits, int denseRank, int lexicalRank, double fusedScore) {
    /** A table no retriever ranked: a full-schema packet's, or a bridge found only through the FK graph. */
    public static final TableEvidence NONE = new TableEvidence(0, 0, 0, 0, 0, 0);

    static TableEvidence of(RankedTable ranked, DenseCandidate dense) {
        return dense == null
                ? new TableEvidence(0, 0, 0, ranked.denseRank(), ranked.lexicalRank(), ranked.rrf())
                : new TableEvidence(
                        dense.tableSimilarity(),
                        dense.columnScore(),
                        dense.columnHits(),
                        ranked.denseRank(),
                        ranked.lexicalRank(),
                        ranked.rrf());
    }
}
