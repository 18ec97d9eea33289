package dev.schemarag.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MetricsRouteTest {
    @Test
    void theClassicTextFormatUnlessOpenMetricsIsAskedFor() {
        assertThat(MetricsRoute.contentType(null)).startsWith("text/plain; version=0.0.4");
        assertThat(MetricsRoute.contentType("*/*")).startsWith("text/plain; version=0.0.4");
        assertThat(MetricsRoute.contentType("application/openmetrics-text;version=1.0.0,text/plain;q=0.5"))
                .startsWith("application/openmetrics-text");
    }

    @Test
    void theRouteServesOnlyItsPath() {
        MetricsRoute route = new MetricsRoute(ServiceMeters.prometheus(KafkaClientMetrics.DASHBOARD));

        assertThat(route.matches("/metrics")).isTrue();
        assertThat(route.matches("/metrics/")).isFalse();
        assertThat(route.matches("/metricsx")).isFalse();
    }

    @Test
    void theRegistryScrapesTheJvmAndTheDeadLetterSeries() {
        var registry = ServiceMeters.prometheus(KafkaClientMetrics.DASHBOARD);
        DeadLetterMeters.counter(registry, "schemarag.dlq.retrieval").increment();

        assertThat(registry.scrape(MetricsRoute.contentType(null)))
                .contains("schemarag_dead_letters_total{topic=\"schemarag.dlq.retrieval\"} 1.0")
                .contains("jvm_memory_used_bytes{");
    }
}
