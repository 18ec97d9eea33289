package dev.schemarag.retrieval.routing;

import java.util.Set;

/**
 * What one question's searches found in one candidate: the best similarity of a table and of a non-generic column, the
 * best BM25 score of a table (0 when a search found nothing there), and the question's terms that some table of the
 * candidate holds in its texts.
 */
public record RouteEvidence(RouteCandidate candidate, double table, double column, double lexical, Set<String> terms) {
    public RouteEvidence {
        terms = Set.copyOf(terms);
    }
}
