package dev.schemarag.retrieval.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TermCoverageTest {
    private static RouteEvidence holding(String database, String... terms) {
        return new RouteEvidence(RouteCandidate.database(database), 0, 0, 0, Set.of(terms));
    }

    @Test
    void theCandidateHoldingEveryTermSomeCandidateHoldsCoversTheWholeQuestion() {
        double[] coverage = TermCoverage.of(List.of(
                holding("concert_singer", "singer", "concert", "stadium"),
                holding("singer", "singer"),
                holding("orchestra", "concert")));

        assertThat(coverage[0]).isCloseTo(1, within(1e-9));
        assertThat(coverage[1]).isLessThan(1).isGreaterThan(0);
    }

    @Test
    void aRareTermWeighsMoreThanOneMostCandidatesHold() {
        // "name" is held by all four, "abbreviation" by one
        double[] coverage = TermCoverage.of(List.of(
                holding("airlines", "abbreviation"),
                holding("people", "name"),
                holding("shop", "name"),
                holding("school", "name")));

        assertThat(coverage[0]).isGreaterThan(coverage[1]);
        assertThat(coverage[1]).isEqualTo(coverage[2]);
        assertThat(TermCoverage.weight(1, 4)).isGreaterThan(TermCoverage.weight(4, 4));
    }

    @Test
    void whatEveryCandidateHoldsAloneLeavesThemAllAlike() {
        double[] coverage = TermCoverage.of(List.of(holding("a", "name"), holding("b", "name")));

        assertThat(coverage[0]).isEqualTo(coverage[1]);
    }

    @Test
    void aQuestionNoCandidateHoldsAWordOfCoversNothing() {
        assertThat(TermCoverage.of(List.of(holding("a"), holding("b")))).containsExactly(0, 0);
    }
}
