package dev.schemarag.retrieval.routing;

/** A candidate with its routing score: its evidence against the best candidate's, 1 for the best on every signal. */
public record RankedCandidate(RouteCandidate candidate, double score) {}
