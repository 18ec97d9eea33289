package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {
    private static final String SCRAPE = """
            # HELP schemarag_retrieval_embedding_cache_total Question embeddings
            # TYPE schemarag_retrieval_embedding_cache_total counter
            schemarag_retrieval_embedding_cache_total{result="hit"} 3.0
            schemarag_retrieval_embedding_cache_total{result="miss"} 1497.0
            schemarag_retrieval_embedding_cache_totals{result="hit"} 99.0
            schemarag_cdc_changes_coalesced_total 42.0
            schemarag_cdc_changes_coalesced_totals 7.0
            """;

    @Test
    void sumsTheSamplesOfTheSeriesWithTheLabel() {
        assertThat(PrometheusText.sum(SCRAPE, "schemarag_retrieval_embedding_cache_total", "result=\"hit\""))
                .isEqualTo(3.0);
        assertThat(PrometheusText.sum(SCRAPE, "schemarag_retrieval_embedding_cache_total", "result=\"miss\""))
                .isEqualTo(1497.0);
    }

    @Test
    void aSeriesWithoutLabelsIsReadWithAnEmptyLabel() {
        assertThat(PrometheusText.sum(SCRAPE, "schemarag_cdc_changes_coalesced_total", ""))
                .isEqualTo(42.0);
        assertThat(PrometheusText.sum(SCRAPE, "schemarag_cdc_changes_coalesced_total", "result=\"hit\""))
                .isZero();
    }

    @Test
    void aMissingSeriesIsZero() {
        assertThat(PrometheusText.sum(SCRAPE, "schemarag_nothing_total", "result=\"hit\""))
                .isZero();
    }

    @Test
    void aQuantileOfAHistogramBetweenTwoReadingsIsTheUpperBoundOfItsBucket() {
        String before = """
                t_seconds_bucket{le="0.001"} 5
                t_seconds_bucket{le="0.002"} 5
                t_seconds_bucket{le="0.004"} 5
                t_seconds_bucket{le="+Inf"} 5
                """;
        String after = """
                t_seconds_bucket{le="0.001"} 6
                t_seconds_bucket{le="0.002"} 14
                t_seconds_bucket{le="0.004"} 15
                t_seconds_bucket{le="+Inf"} 15
                """;

        var from = PrometheusText.buckets(before, "t_seconds");
        var to = PrometheusText.buckets(after, "t_seconds");

        assertThat(PrometheusText.quantile(from, to, 0.5)).isEqualTo(0.002);
        assertThat(PrometheusText.quantile(from, to, 0.99)).isEqualTo(0.004);
        assertThat(PrometheusText.quantile(from, from, 0.5)).isNull();
    }

    @Test
    void theBucketsOfOneLabelLeaveTheOthersOut() {
        String exposition = """
                t_seconds_bucket{result="hit",le="0.001"} 3
                t_seconds_bucket{result="hit",le="+Inf"} 4
                t_seconds_bucket{result="miss",le="0.001"} 0
                t_seconds_bucket{result="miss",le="+Inf"} 9
                """;

        assertThat(PrometheusText.buckets(exposition, "t_seconds", "result=\"hit\""))
                .containsExactly(Map.entry(0.001, 3.0), Map.entry(Double.POSITIVE_INFINITY, 4.0));
        assertThat(PrometheusText.buckets(exposition, "t_seconds"))
                .containsExactly(Map.entry(0.001, 3.0), Map.entry(Double.POSITIVE_INFINITY, 13.0));
    }
}
