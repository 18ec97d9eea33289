package dev.schemarag.retrieval.ranking;

import dev.schemarag.core.schema.TableName;

/**
 * A table in the hybrid ranking.
 *
 * @param score       relevance in cosine-similarity units, what thresholds compare against (see {@link HybridRanking})
 * @param denseRank   1-based rank in the dense ranking, 0 when the vector search did not find it
 * @param lexicalRank 1-based rank in the BM25 ranking, 0 when BM25 did not find it
 * @param rrf         the reciprocal rank fusion score that orders the ranking
 */
public record RankedTable(TableName table, double score, int denseRank, int lexicalRank, double rrf) {

    public boolean onlyLexical() {
        return denseRank == 0;
    }
}
