package dev.schemarag.retrieval;

import java.util.Map;

/**
 * How a packet was chosen.
 *
 * @param avgRelevanceScore mean score of the selected tables, 0 for full-schema packets
 * @param fallbackReason    why RAG fell back to the full schema; {@code null} when it did not
 * @param contextTokens     cl100k tokens of the packet
 * @param fullSchemaTokens  cl100k tokens of every in-scope table definition, what the full schema would cost
 * @param overBudget        the packet exceeds the configured context budget (it is never truncated)
 * @param metrics           counters by {@link RetrievalMetrics} name
 * @param catalogVersion    the version of the database's catalog the packet was built from, as the index reports it
 */
public record ContextMetadata(
        Strategy strategy,
        int tablesIncluded,
        int chunksRetrieved,
        double avgRelevanceScore,
        FallbackReason fallbackReason,
        int contextTokens,
        int fullSchemaTokens,
        boolean overBudget,
        Map<String, Double> metrics,
        String catalogVersion) {
    public ContextMetadata {
        metrics = Map.copyOf(metrics);
    }
}
