package dev.schemarag.retrieval.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.ContextMetadata;
import dev.schemarag.retrieval.FallbackReason;
import dev.schemarag.retrieval.RetrievalFailure;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.RetrievedContext;
import dev.schemarag.retrieval.SelectedTable;
import dev.schemarag.retrieval.SelectionReason;
import dev.schemarag.retrieval.Strategy;
import dev.schemarag.retrieval.graph.Bridging;
import dev.schemarag.retrieval.graph.Expansion;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RetrievalMetersTest {
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final RetrievalMeters meters = new RetrievalMeters(registry);

    @Test
    void aRagPacketRecordsItsLatencyTablesAndTokensAndNoFallback() {
        meters.record(retrieved(Strategy.RAG, null, 3, 420), Duration.ofMillis(12));

        assertThat(registry.get(RetrievalMeters.LATENCY)
                        .tag("outcome", "rag")
                        .timer()
                        .totalTime(TimeUnit.MILLISECONDS))
                .isEqualTo(12);
        assertThat(registry.get(RetrievalMeters.TABLES).summary().totalAmount()).isEqualTo(3);
        assertThat(registry.get(RetrievalMeters.TOKENS).summary().totalAmount()).isEqualTo(420);
        assertThat(registry.find(RetrievalMeters.FALLBACKS).counters()).isEmpty();
    }

    @Test
    void aFallbackIsCountedByItsReasonAndTimedAsAFullSchemaPacket() {
        meters.record(retrieved(Strategy.FULL_SCHEMA, FallbackReason.LOW_SCORES, 12, 3000), Duration.ofMillis(30));
        meters.record(retrieved(Strategy.FULL_SCHEMA, FallbackReason.LOW_SCORES, 12, 3000), Duration.ofMillis(30));
        meters.record(retrieved(Strategy.FULL_SCHEMA, FallbackReason.NO_RESULTS, 12, 3000), Duration.ofMillis(30));

        assertThat(registry.get(RetrievalMeters.FALLBACKS)
                        .tag("reason", "low_scores")
                        .counter()
                        .count())
                .isEqualTo(2);
        assertThat(registry.get(RetrievalMeters.FALLBACKS)
                        .tag("reason", "no_results")
                        .counter()
                        .count())
                .isEqualTo(1);
        assertThat(registry.get(RetrievalMeters.LATENCY)
                        .tag("outcome", "full_schema")
                        .timer()
                        .count())
                .isEqualTo(3);
    }

    @Test
    void aFailureIsTimedButHasNoPacket() {
        meters.record(
                new RetrievalFailure(ErrorClass.UNKNOWN_DATABASE, "database 'x' is not registered"),
                Duration.ofMillis(1));

        assertThat(registry.get(RetrievalMeters.LATENCY)
                        .tag("outcome", "failed")
                        .timer()
                        .count())
                .isEqualTo(1);
        assertThat(registry.get(RetrievalMeters.TABLES).summary().count()).isZero();
        assertThat(registry.get(RetrievalMeters.TOKENS).summary().count()).isZero();
    }

    @Test
    void aProbeOfTheAnswerCacheIsTimedInBucketsFineEnoughForASubMillisecondHit() {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        new RetrievalMeters(prometheus).probed(true, Duration.ofNanos(300_000));

        Timer probes = prometheus
                .get(RetrievalMeters.ANSWER_CACHE_PROBE)
                .tag("result", "hit")
                .timer();
        assertThat(Arrays.stream(probes.takeSnapshot().histogramCounts())
                        .filter(bucket -> bucket.count() == 1)
                        .mapToDouble(bucket -> bucket.bucket(TimeUnit.MILLISECONDS))
                        .min()
                        .orElseThrow())
                .as("the smallest bucket holding the 0.3 ms probe")
                .isLessThan(0.5);
    }

    private static RetrievalResult retrieved(Strategy strategy, FallbackReason fallback, int tables, int tokens) {
        List<SelectedTable> selected = java.util.stream.IntStream.range(0, tables)
                .mapToObj(i -> new SelectedTable(new TableName("public", "t" + i), 0.5, SelectionReason.RETRIEVED))
                .toList();
        ContextMetadata metadata =
                new ContextMetadata(strategy, tables, 0, 0.5, fallback, tokens, 5000, false, Map.of(), "1");
        return RetrievalResult.of(new RetrievedContext(
                "erp",
                selected,
                List.of(),
                List.of(),
                "packet",
                metadata,
                Expansion.NONE,
                Bridging.NONE,
                java.util.Optional.empty()));
    }
}
