package dev.schemarag.retrieval.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.schemarag.retrieval.ranking.ReciprocalRankFusion.Ranking;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReciprocalRankFusionTest {

    @Test
    void anItemScoresTheWeightedSumOfOneOverKPlusRank() {
        Map<String, Double> fused = ReciprocalRankFusion.fuse(
                60, List.of(new Ranking<>(List.of("a", "b"), 1.0), new Ranking<>(List.of("b", "c"), 0.5)));

        assertThat(fused.get("a")).isCloseTo(1.0 / 61, within(1e-12));
        assertThat(fused.get("b")).isCloseTo(1.0 / 62 + 0.5 / 61, within(1e-12));
        assertThat(fused.get("c")).isCloseTo(0.5 / 62, within(1e-12));
    }

    @Test
    void itemsFoundByBothRankingsRiseAboveItemsFoundByOne() {
        Map<String, Double> fused = ReciprocalRankFusion.fuse(
                60, List.of(new Ranking<>(List.of("a", "b"), 1.0), new Ranking<>(List.of("b", "c"), 0.5)));

        assertThat(fused.keySet()).containsExactly("b", "a", "c");
    }

    @Test
    void theHeavierRankingWinsBetweenTwoFirstPlaces() {
        Map<String, Double> fused = ReciprocalRankFusion.fuse(
                60, List.of(new Ranking<>(List.of("lexical-first"), 0.7), new Ranking<>(List.of("dense-first"), 1.0)));

        assertThat(fused.keySet()).containsExactly("dense-first", "lexical-first");
    }

    @Test
    void tiesKeepTheOrderInWhichItemsWereFirstSeen() {
        Map<String, Double> fused = ReciprocalRankFusion.fuse(
                60, List.of(new Ranking<>(List.of("x"), 1.0), new Ranking<>(List.of("y"), 1.0)));

        assertThat(fused.keySet()).containsExactly("x", "y");
    }
}
