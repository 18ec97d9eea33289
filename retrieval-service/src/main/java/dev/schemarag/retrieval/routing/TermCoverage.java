package dev.schemarag.retrieval.routing;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How much of a question each candidate's vocabulary covers: the weight of the question's terms its texts hold, as a
 * share of the weight of all the terms some candidate holds. A term weighs by how few candidates hold it (inverse
 * document frequency over the candidates, as BM25 computes it), so a word every database has decides nothing, and the
 * database holding all of a question's rarer words leads the one holding only its best-matching table.
 */
final class TermCoverage {
    private TermCoverage() {}

    /** Each candidate's coverage, in the evidence's order, each in 0..1. */
    static double[] of(List<RouteEvidence> evidence) {
        Map<String, Integer> holders = new HashMap<>();
        evidence.forEach(e -> e.terms().forEach(term -> holders.merge(term, 1, Integer::sum)));
        double total = holders.values().stream()
                .mapToDouble(n -> weight(n, evidence.size()))
                .sum();
        double[] coverage = new double[evidence.size()];
        if (total <= 0) return coverage;
        for (int i = 0; i < coverage.length; i++) {
            double held = 0;
            for (String term : evidence.get(i).terms()) held += weight(holders.get(term), evidence.size());
            coverage[i] = held / total;
        }
        return coverage;
    }

    /** BM25's inverse document frequency of a term {@code holders} of {@code candidates} hold. */
    static double weight(int holders, int candidates) {
        return Math.log(1 + (candidates - holders + 0.5) / (holders + 0.5));
    }
}
