package dev.schemarag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PrometheusTextTest {
    private static final String SCRAPE = """
            # HELP schemarag_retrieval_embedding_cache_total Question embeddings
            # TYPE schemarag_retrieval_embedding_cache_total counter
            schemarag_retrieval_embedding_cache_total{result="hit"} 3.0
            schemarag_retrieval_embedding_cache_total{result="miss"} 1497.0
            schemarag_retrieval_embedding_cache_totals{result="hit"} 99.0
            """;

    @Test
    void sumsTheSamplesOfTheSeriesWithTheLabel() {
        assertThat(PrometheusText.sum(SCRAPE, "schemarag_retrieval_embedding_cache_total", "result=\"hit\""))
                .isEqualTo(3.0);
        assertThat(PrometheusText.sum(SCRAPE, "schemarag_retrieval_embedding_cache_total", "result=\"miss\""))
                .isEqualTo(1497.0);
    }

    @Test
    void aMissingSeriesIsZero() {
        assertThat(PrometheusText.sum(SCRAPE, "schemarag_nothing_total", "result=\"hit\""))
                .isZero();
    }
}
