package dev.schemarag.retrieval.ranking;

import static dev.schemarag.core.schema.Tables.name;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.index.ColumnHit;
import dev.schemarag.retrieval.index.TableHit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DenseScoringTest {
    /** Weights and thresholds chosen here, not the tunable defaults: the tests pin the formula, not its tuning. */
    private static final RetrievalSettings SETTINGS = RetrievalSettings.defaults()
            .withOverrides(Map.of(
                    RetrievalSettings.FUSION_TABLE_WEIGHT.key(),
                    "0.6",
                    RetrievalSettings.FUSION_COLUMN_WEIGHT.key(),
                    "0.4",
                    RetrievalSettings.COLUMN_SECOND_WEIGHT.key(),
                    "0.5",
                    RetrievalSettings.COLUMN_GENERIC_FACTOR.key(),
                    "0.7",
                    RetrievalSettings.TABLE_MIN_SIMILARITY.key(),
                    "0.2",
                    RetrievalSettings.COLUMN_MIN_SIMILARITY.key(),
                    "0.18"));

    private static final TableName ORDERS = name("sales.orders");
    private static final TableName CUSTOMERS = name("sales.customers");

    @Test
    void columnScoreIsTheBestColumnPlusTheWeightedSecond() {
        assertThat(DenseScoring.columnScore(List.of(0.3, 0.6, 0.5), 0.5)).isCloseTo(0.6 + 0.25, within(1e-9));
    }

    @Test
    void givenTableAndColumnHits_whenRanked_thenScoreIsTheWeightedSumOfTableAndColumnScores() {
        DenseRanking ranking = DenseScoring.rank(
                List.of(new TableHit(ORDERS, 0.5)),
                List.of(column(ORDERS, "total", false, 0.6), column(ORDERS, "placed_at", false, 0.4)),
                t -> true,
                SETTINGS);

        DenseCandidate orders = ranking.candidates().get(0);
        assertThat(orders.columnScore()).isCloseTo(0.6 + 0.5 * 0.4, within(1e-9));
        assertThat(orders.score()).isCloseTo(0.6 * 0.5 + 0.4 * 0.8, within(1e-9));
    }

    @Test
    void givenAGenericColumn_whenRanked_thenItsSimilarityIsDampedByTheGenericFactor() {
        DenseRanking ranking =
                DenseScoring.rank(List.of(), List.of(column(ORDERS, "id", true, 0.5)), t -> true, SETTINGS);

        assertThat(ranking.candidates().get(0).columnScore()).isCloseTo(0.35, within(1e-9));
    }

    @Test
    void givenATableFoundOnlyThroughColumns_whenRanked_thenItGetsOnlyTheWeightedColumnScoreAndIsCounted() {
        DenseRanking ranking = DenseScoring.rank(
                List.of(new TableHit(ORDERS, 0.5)),
                List.of(column(CUSTOMERS, "email", false, 0.5)),
                t -> true,
                SETTINGS);

        DenseCandidate customers = ranking.candidates().stream()
                .filter(c -> c.table().equals(CUSTOMERS))
                .findFirst()
                .orElseThrow();
        assertThat(customers.score()).isCloseTo(0.4 * 0.5, within(1e-9));
        assertThat(customers.onlyThroughColumns()).isTrue();
        assertThat(ranking.stats().tablesOnlyViaColumns()).isEqualTo(1);
    }

    @Test
    void givenHitsBelowTheThresholds_whenRanked_thenTheyAreIgnored() {
        DenseRanking ranking = DenseScoring.rank(
                List.of(new TableHit(ORDERS, 0.19)),
                List.of(column(CUSTOMERS, "email", false, 0.17)),
                t -> true,
                SETTINGS);

        assertThat(ranking.candidates()).isEmpty();
        assertThat(ranking.stats()).isEqualTo(DenseStats.NONE);
    }

    @Test
    void givenHitsOfTablesOutOfScope_whenRanked_thenTheyAreIgnored() {
        DenseRanking ranking = DenseScoring.rank(
                List.of(new TableHit(ORDERS, 0.5), new TableHit(CUSTOMERS, 0.6)), List.of(), ORDERS::equals, SETTINGS);

        assertThat(ranking.candidates()).extracting(DenseCandidate::table).containsExactly(ORDERS);
    }

    @Test
    void givenSeveralTables_whenRanked_thenBestScoreComesFirst() {
        DenseRanking ranking = DenseScoring.rank(
                List.of(new TableHit(ORDERS, 0.4), new TableHit(CUSTOMERS, 0.3)),
                List.of(column(CUSTOMERS, "email", false, 0.7)),
                t -> true,
                SETTINGS);

        assertThat(ranking.candidates()).extracting(DenseCandidate::table).containsExactly(CUSTOMERS, ORDERS);
    }

    @Test
    void statsCountHitsAndAverageRawSimilarities() {
        DenseRanking ranking = DenseScoring.rank(
                List.of(new TableHit(ORDERS, 0.4), new TableHit(CUSTOMERS, 0.6)),
                List.of(
                        column(ORDERS, "id", true, 0.3),
                        column(ORDERS, "total", false, 0.5),
                        column(CUSTOMERS, "email", false, 0.7)),
                t -> true,
                SETTINGS);

        assertThat(ranking.stats().tableHits()).isEqualTo(2);
        assertThat(ranking.stats().columnHits()).isEqualTo(3);
        assertThat(ranking.stats().avgTableSimilarity()).isCloseTo(0.5, within(1e-9));
        assertThat(ranking.stats().avgColumnSimilarity()).isCloseTo(0.5, within(1e-9));
        assertThat(ranking.stats().columnHitsPerTable()).isCloseTo(1.5, within(1e-9));
    }

    private static ColumnHit column(TableName table, String column, boolean generic, double similarity) {
        return new ColumnHit(table, column, generic, similarity);
    }
}
