package dev.schemarag.core.metrics;

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
    private ServiceMeters() {}

    /** A Prometheus registry with the JVM's memory, threads and CPU already bound. */
    public static PrometheusMeterRegistry prometheus() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        return registry;
    }
}
