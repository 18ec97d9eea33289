package dev.schemarag.retrieval.ranking;

/** What the vector search returned above the similarity thresholds, for the retrieval metrics. */
public record DenseStats(
        int tableHits,
        int columnHits,
        double avgTableSimilarity,
        double avgColumnSimilarity,
        double columnHitsPerTable,
        int tablesOnlyViaColumns) {

    public static final DenseStats NONE = new DenseStats(0, 0, 0, 0, 0, 0);
}
