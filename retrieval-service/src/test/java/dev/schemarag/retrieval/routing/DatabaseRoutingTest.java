package dev.schemarag.retrieval.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.index.TableHit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DatabaseRoutingTest {
    private static final RouteCandidate SHOP = RouteCandidate.database("shop");
    private static final RouteCandidate HR = RouteCandidate.database("hr");
    private static final RouteCandidate SCHOOL = RouteCandidate.database("school");

    @Test
    void theCandidateLeadingOnEverySignalByAClearMarginIsChosen() {
        RoutingDecision decision = DatabaseRouting.decide(
                List.of(
                        new RouteEvidence(HR, 0.40, 0.35, 4.0, Set.of()),
                        new RouteEvidence(SHOP, 0.70, 0.60, 12.0, Set.of()),
                        new RouteEvidence(SCHOOL, 0.30, 0.25, 0, Set.of())),
                0.05);

        assertThat(decision).isInstanceOf(RoutingDecision.Routed.class);
        RoutingDecision.Routed routed = (RoutingDecision.Routed) decision;
        assertThat(routed.candidate()).isEqualTo(SHOP);
        // shop has every best: 1; hr has 0.40/0.70, 0.35/0.60 and 4/12 of them, squared and weighted 3, 3 and 1
        double second = (3 * Math.pow(0.40 / 0.70, 2) + 3 * Math.pow(0.35 / 0.60, 2) + Math.pow(4.0 / 12.0, 2)) / 7;
        assertThat(routed.confidence()).isCloseTo(1 - second, within(1e-9));
        assertThat(routed.ranking()).extracting(RankedCandidate::candidate).containsExactly(SHOP, HR, SCHOOL);
    }

    @Test
    void theCandidateHoldingEveryWordOfTheQuestionLeadsOneWithAsGoodABestTable() {
        // "Which airline flies to most airports?": both have an airports table as like the question; only the airline
        // database holds "airline" too
        RoutingDecision decision = DatabaseRouting.decide(
                List.of(
                        new RouteEvidence(HR, 0.62, 0.50, 6.0, Set.of("airport")),
                        new RouteEvidence(SHOP, 0.60, 0.50, 6.0, Set.of("airport", "airline")),
                        new RouteEvidence(SCHOOL, 0.20, 0.10, 1.0, Set.of())),
                0.05);

        assertThat(decision).isInstanceOf(RoutingDecision.Routed.class);
        assertThat(((RoutingDecision.Routed) decision).candidate()).isEqualTo(SHOP);
    }

    @Test
    void twoCandidatesWithTheSameEvidenceAreAmbiguousAndBothListed() {
        RoutingDecision decision = DatabaseRouting.decide(
                List.of(
                        new RouteEvidence(SCHOOL, 0.30, 0.20, 1.0, Set.of()),
                        new RouteEvidence(SHOP, 0.62, 0.55, 9.0, Set.of()),
                        new RouteEvidence(HR, 0.61, 0.56, 8.8, Set.of())),
                0.05);

        assertThat(decision).isInstanceOf(RoutingDecision.Ambiguous.class);
        assertThat(decision.ranking()).extracting(RankedCandidate::candidate).startsWith(SHOP, HR);
        assertThat(DatabaseRouting.refusal(decision.ranking())).contains("candidates: shop (", "hr (", "school (");
    }

    @Test
    void theMarginDecidesBetweenRoutingAndRefusing() {
        List<RouteEvidence> evidence = List.of(
                new RouteEvidence(SHOP, 0.60, 0.50, 10.0, Set.of()), new RouteEvidence(HR, 0.54, 0.45, 9.0, Set.of()));

        // hr has 0.9 of shop's best on every signal, squared 0.81: a margin of 0.19
        assertThat(DatabaseRouting.decide(evidence, 0.18)).isInstanceOf(RoutingDecision.Routed.class);
        assertThat(DatabaseRouting.decide(evidence, 0.20)).isInstanceOf(RoutingDecision.Ambiguous.class);
    }

    @Test
    void aLoneCandidateIsChosenWithFullConfidenceAndNoneLeavesNothingToChoose() {
        RoutingDecision alone = DatabaseRouting.decide(List.of(new RouteEvidence(HR, 0.1, 0, 0, Set.of())), 0.5);
        RoutingDecision none = DatabaseRouting.decide(List.of(), 0.05);

        assertThat(alone).isEqualTo(new RoutingDecision.Routed(HR, 1, List.of(new RankedCandidate(HR, 1))));
        assertThat(none).isEqualTo(new RoutingDecision.Ambiguous(List.of()));
    }

    @Test
    void candidatesWithoutAnyEvidenceAreAmbiguousRatherThanChosenByName() {
        RoutingDecision decision = DatabaseRouting.decide(
                List.of(new RouteEvidence(HR, 0, 0, 0, Set.of()), new RouteEvidence(SHOP, 0, 0, 0, Set.of())), 0);

        assertThat(decision).isInstanceOf(RoutingDecision.Ambiguous.class);
    }

    @Test
    void aSchemaCandidateCountsOnlyTheHitsOfItsSchemas() {
        RouteSearch search = new RouteSearch(
                List.of(new TableHit(new TableName("a", "t"), 0.7), new TableHit(new TableName("b", "t"), 0.5)),
                List.of(),
                List.of(),
                Map.of("singer", Set.of("a", "b"), "concert", Set.of("a")));

        RouteEvidence b = search.evidenceFor(new RouteCandidate("bench", Set.of("b")));
        RouteEvidence whole = search.evidenceFor(RouteCandidate.database("bench"));
        assertThat(b.table()).isEqualTo(0.5);
        assertThat(b.terms()).containsExactly("singer");
        assertThat(whole.table()).isEqualTo(0.7);
        assertThat(whole.terms()).containsExactlyInAnyOrder("singer", "concert");
    }
}
