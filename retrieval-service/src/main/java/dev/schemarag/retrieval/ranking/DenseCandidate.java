package dev.schemarag.retrieval.ranking;

import dev.schemarag.core.schema.TableName;

/**
 * A table the vector search found, directly or through its columns.
 *
 * @param tableHit        whether the table row itself was hit
 * @param tableSimilarity the table row's similarity, 0 when only its columns were hit
 * @param columnScore     top1 + w·top2 of its (generic-damped) column similarities, 0 when no column was hit
 * @param columnHits      how many of its columns were hit
 * @param score           tableWeight·tableSimilarity + columnWeight·columnScore, in cosine-similarity units
 */
public record DenseCandidate(
        TableName table, boolean tableHit, double tableSimilarity, double columnScore, int columnHits, double score) {

    public boolean onlyThroughColumns() {
        return !tableHit;
    }
}
