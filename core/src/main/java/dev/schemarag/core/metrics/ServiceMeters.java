package dev.schemarag.core.metrics;

import dev.schemarag.core.config.Setting;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * The meter registry of one process, scraped at its admin endpoint's {@code /metrics}. Series carry no service
 * label: Prometheus labels each scraped target with its job and instance.
 */
public final class ServiceMeters {
    public static final Setting<KafkaClientMetrics> KAFKA_CLIENT_METRICS = Setting.choice(
            "metrics.kafka.clients",
            KafkaClientMetrics.DASHBOARD,
            KafkaClientMetrics.class,
            "Kafka client metrics at /metrics: dashboard = lag, throughput, commit and produce latency (a few hundred"
                    + " series); all = every client, task, node and store metric (thousands, costly to scrape)");

    private ServiceMeters() {}

    /**
     * A Prometheus registry with the JVM's memory, threads and CPU already bound, and the Kafka clients' metrics
     * limited to {@code kafkaClients} (the filter applies to meters registered after it, so it comes first).
     */
    public static PrometheusMeterRegistry prometheus(KafkaClientMetrics kafkaClients) {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        if (kafkaClients == KafkaClientMetrics.DASHBOARD)
            registry.config().meterFilter(KafkaClientMeterFilter.dashboard());
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        return registry;
    }
}
