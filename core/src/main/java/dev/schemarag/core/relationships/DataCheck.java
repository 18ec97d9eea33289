package dev.schemarag.core.relationships;

import java.util.Optional;

/**
 * What a sample of the data says about an inferred edge, decided without I/O: the sample counts how many non-null
 * child values were read and how many of them no parent key holds. One orphan refutes the edge (a real reference
 * would have been enforced or kept clean); a sample without orphans raises its confidence halfway towards an
 * annotation's, never to it (a sample is not a declaration); an empty sample (a column without values yet) says
 * nothing. Declared and annotated edges are facts and are never checked.
 */
public final class DataCheck {
    private DataCheck() {}

    /** Counts of one sample: {@code sampled} non-null child values, {@code orphans} of them absent from the parent. */
    public record Sample(int sampled, int orphans) {
        public Sample {
            if (sampled < 0 || orphans < 0 || orphans > sampled)
                throw new IllegalArgumentException("sample of " + sampled + " values with " + orphans + " orphans");
        }
    }

    /** The edge as the sample leaves it: empty when refuted, otherwise the edge with its (possibly raised) confidence. */
    public static Optional<ForeignKeyEdge> judge(ForeignKeyEdge edge, Sample sample) {
        if (edge.source() != EdgeSource.INFERRED || sample.sampled() == 0) return Optional.of(edge);
        if (sample.orphans() > 0) return Optional.empty();
        double raised = edge.confidence() + (EdgeSource.ANNOTATED_CONFIDENCE - edge.confidence()) / 2;
        return Optional.of(new ForeignKeyEdge(
                edge.from(),
                edge.fromColumns(),
                edge.to(),
                edge.toColumns(),
                edge.source(),
                Math.min(EdgeSource.ANNOTATED_CONFIDENCE, Math.round(raised * 100) / 100.0)));
    }
}
