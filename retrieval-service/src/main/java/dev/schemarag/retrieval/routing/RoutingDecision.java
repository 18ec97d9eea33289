package dev.schemarag.retrieval.routing;

import java.util.List;

/** Where a question without a database goes: to one candidate, or nowhere because its evidence does not decide. */
public sealed interface RoutingDecision {

    /** The candidates best first, as many as the decision lists. */
    List<RankedCandidate> ranking();

    /**
     * @param confidence the best candidate's margin over the second, as a share of its score (1 when it is alone)
     */
    record Routed(RouteCandidate candidate, double confidence, List<RankedCandidate> ranking)
            implements RoutingDecision {
        public Routed {
            ranking = List.copyOf(ranking);
        }
    }

    /** @param ranking the leading candidates, none of them clear of the others */
    record Ambiguous(List<RankedCandidate> ranking) implements RoutingDecision {
        public Ambiguous {
            ranking = List.copyOf(ranking);
        }
    }
}
