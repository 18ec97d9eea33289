package dev.schemarag.retrieval;

import dev.schemarag.retrieval.routing.RoutingDecision;
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
 * @param routing           how a question without a database was routed to this one; {@code null} when it named it
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
        String catalogVersion,
        RoutingDecision.Routed routing) {
    public ContextMetadata {
        metrics = Map.copyOf(metrics);
    }

    public ContextMetadata(
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
        this(
                strategy,
                tablesIncluded,
                chunksRetrieved,
                avgRelevanceScore,
                fallbackReason,
                contextTokens,
                fullSchemaTokens,
                overBudget,
                metrics,
                catalogVersion,
                null);
    }

    public ContextMetadata routedBy(RoutingDecision.Routed routing) {
        return new ContextMetadata(
                strategy,
                tablesIncluded,
                chunksRetrieved,
                avgRelevanceScore,
                fallbackReason,
                contextTokens,
                fullSchemaTokens,
                overBudget,
                metrics,
                catalogVersion,
                routing);
    }
}
