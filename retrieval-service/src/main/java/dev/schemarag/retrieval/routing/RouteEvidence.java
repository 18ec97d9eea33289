package dev.schemarag.retrieval.routing;

/**
 * What one question's searches found in one candidate: the best similarity of a table and of a non-generic column,
 * and the best BM25 score of a table (0 when a search found nothing there).
 */
public record RouteEvidence(RouteCandidate candidate, double table, double column, double lexical) {}
