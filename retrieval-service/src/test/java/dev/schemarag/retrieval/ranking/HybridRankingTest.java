package dev.schemarag.retrieval.ranking;

import static dev.schemarag.core.schema.Tables.name;
import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.RetrievalSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HybridRankingTest {
    private static final RetrievalSettings SETTINGS = RetrievalSettings.defaults();
    private static final TableName A = name("s.a");
    private static final TableName B = name("s.b");
    private static final TableName C = name("s.c");
    private static final TableName X = name("s.x");

    @Test
    void givenNoLexicalHits_whenRanked_thenTheDenseOrderAndScoresStand() {
        List<RankedTable> ranked = HybridRanking.rank(dense(A, 0.6, B, 0.5), List.of(), SETTINGS);

        assertThat(ranked).extracting(RankedTable::table).containsExactly(A, B);
        assertThat(ranked).extracting(RankedTable::score).containsExactly(0.6, 0.5);
    }

    @Test
    void givenALexicalMatch_whenRanked_thenItLiftsTheTableAboveADenseNeighbourButKeepsItsDenseScore() {
        List<RankedTable> ranked = HybridRanking.rank(dense(A, 0.6, B, 0.5, C, 0.4), List.of(C), SETTINGS);

        assertThat(ranked).extracting(RankedTable::table).containsExactly(C, A, B);
        assertThat(ranked.get(0).score()).isEqualTo(0.4);
        assertThat(ranked.get(0).lexicalRank()).isEqualTo(1);
        assertThat(ranked.get(0).denseRank()).isEqualTo(3);
    }

    @Test
    void givenATableOnlyBm25Found_whenRanked_thenItTakesTheScoreOfTheDenseTableRankedBelowIt() {
        RetrievalSettings equalWeights =
                SETTINGS.withOverrides(Map.of(RetrievalSettings.RRF_LEXICAL_WEIGHT.key(), "1.0"));

        List<RankedTable> ranked = HybridRanking.rank(dense(A, 0.6, B, 0.5), List.of(X), equalWeights);

        assertThat(ranked).extracting(RankedTable::table).containsExactly(A, X, B);
        assertThat(ranked.get(1).onlyLexical()).isTrue();
        assertThat(ranked.get(1).score()).isEqualTo(0.5);
    }

    @Test
    void givenABm25OnlyTableRankedLast_whenRanked_thenItTakesTheScoreOfTheTableAboveIt() {
        List<RankedTable> ranked = HybridRanking.rank(dense(A, 0.6, B, 0.5), List.of(X), SETTINGS);

        assertThat(ranked).extracting(RankedTable::table).containsExactly(A, B, X);
        assertThat(ranked.get(2).score()).isEqualTo(0.5);
    }

    @Test
    void givenOnlyBm25Hits_whenRanked_thenTheyScoreZero() {
        List<RankedTable> ranked = HybridRanking.rank(dense(), List.of(X), SETTINGS);

        assertThat(ranked).extracting(RankedTable::score).containsExactly(0.0);
    }

    /** A dense ranking from (table, score) pairs, best first. */
    private static DenseRanking dense(Object... pairs) {
        List<DenseCandidate> candidates = new ArrayList<>();
        for (int i = 0; i < pairs.length; i += 2) {
            double score = (Double) pairs[i + 1];
            candidates.add(new DenseCandidate((TableName) pairs[i], true, score / 0.6, 0, 0, score));
        }
        return new DenseRanking(candidates, DenseStats.NONE);
    }
}
