package dev.schemarag.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Materialized;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The filter against the meters a real Kafka Streams client registers (built, not started: its clients register their
 * metrics when they are made; those of an assignment, such as the lag per partition, come later).
 */
class KafkaClientMeterFilterTest {
    @TempDir
    Path stateDir;

    @Test
    void theDashboardKeepsTheThreadAndClientMetricsAndDropsTheRest() {
        Set<String> all = kafkaMeterNames(KafkaClientMetrics.ALL);
        Set<String> dashboard = kafkaMeterNames(KafkaClientMetrics.DASHBOARD);

        assertThat(dashboard)
                .isSubsetOf(KafkaClientMeterFilter.KEPT)
                .contains(
                        "kafka.stream.alive.stream.threads",
                        "kafka.stream.thread.process.total",
                        "kafka.stream.thread.commit.latency.avg",
                        "kafka.consumer.fetch.manager.records.lag.max",
                        "kafka.consumer.coordinator.commit.latency.avg",
                        "kafka.producer.record.send.rate",
                        "kafka.producer.request.latency.avg");
        assertThat(all)
                .contains("kafka.consumer.connection.count", "kafka.producer.buffer.available.bytes")
                .hasSizeGreaterThan(5 * dashboard.size());
    }

    @Test
    void everyKeptNameIsOneTheClientsWriteOnceTheyRun() {
        Set<String> all = kafkaMeterNames(KafkaClientMetrics.ALL);
        // Written only once a partition is assigned (lag per partition) or a transaction is committed or aborted.
        Set<String> afterStart = Set.of(
                "kafka.consumer.fetch.manager.records.lag",
                "kafka.producer.txn.commit.time.ns.total",
                "kafka.producer.txn.abort.time.ns.total");

        assertThat(all)
                .containsAll(KafkaClientMeterFilter.KEPT.stream()
                        .filter(name -> !afterStart.contains(name))
                        .toList());
    }

    @Test
    void otherMetersPassTheFilter() {
        PrometheusMeterRegistry registry = ServiceMeters.prometheus(KafkaClientMetrics.DASHBOARD);
        registry.counter("schemarag.retrieval.fallbacks", "reason", "empty").increment();

        assertThat(registry.find("schemarag.retrieval.fallbacks").counter()).isNotNull();
        assertThat(registry.find("jvm.memory.used").meters()).isNotEmpty();
        assertThat(registry.find("process.cpu.usage").meters()).isNotEmpty();
    }

    private Set<String> kafkaMeterNames(KafkaClientMetrics scope) {
        PrometheusMeterRegistry registry = ServiceMeters.prometheus(scope);
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream("questions")
                .groupByKey()
                .count(Materialized.as("counts"))
                .toStream()
                .to("answers");
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "meter-filter-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:1");
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        properties.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        properties.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        properties.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
        try (KafkaStreams streams = new KafkaStreams(builder.build(), properties);
                KafkaStreamsMetrics metrics = new KafkaStreamsMetrics(streams)) {
            metrics.bindTo(registry);
            List<Meter> meters = registry.getMeters();
            return meters.stream()
                    .map(meter -> meter.getId().getName())
                    .filter(name -> name.startsWith("kafka."))
                    .collect(Collectors.toSet());
        }
    }
}
