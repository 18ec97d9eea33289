package dev.schemarag.generation;

import java.util.Optional;

/**
 * A generator's confidence cannot exceed what retrieval supports: with weakly relevant tables, or a fallback to the
 * full schema, the model may have been shown the wrong tables without knowing it. The relevance score only means
 * something for a RAG packet: a deliberate full-schema packet (a small catalog) has no score, and nothing was missed.
 */
public final class ConfidenceRule {
    public static final String RAG = "rag";
    public static final double WEAK_RELEVANCE = 0.4;
    static final double WEAK_RELEVANCE_FACTOR = 0.7;
    static final double FALLBACK_FACTOR = 0.8;

    private ConfidenceRule() {}

    /** @param strategy the packet's retrieval strategy, {@value #RAG} or {@code full_schema} */
    public static double adjust(
            double confidence, String strategy, double avgRelevanceScore, Optional<String> fallbackReason) {
        double adjusted = Math.max(0.0, Math.min(1.0, confidence));
        if (RAG.equals(strategy) && avgRelevanceScore < WEAK_RELEVANCE) adjusted *= WEAK_RELEVANCE_FACTOR;
        if (fallbackReason.isPresent()) adjusted *= FALLBACK_FACTOR;
        return adjusted;
    }
}
