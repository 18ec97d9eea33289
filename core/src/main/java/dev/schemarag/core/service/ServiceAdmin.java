package dev.schemarag.core.service;

import dev.schemarag.core.admin.AdminServer;
import dev.schemarag.core.admin.ReadinessCheck;
import dev.schemarag.core.admin.ReadinessChecks;
import dev.schemarag.core.config.Setting;
import dev.schemarag.core.http.HttpAllowList;
import dev.schemarag.core.http.ServerAddresses;
import dev.schemarag.core.metrics.MetricsRoute;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.kafka.streams.KafkaStreams;

/** A served service's admin endpoint: {@code /health}, {@code /ready}, {@code /metrics} on its port. */
public record ServiceAdmin(
        String service, String host, String token, ServiceRuntime runtime, ServiceLifecycle lifecycle) {

    /** The endpoint of a service that is one stream client: ready when it runs and the store and registry answer. */
    public AdminServer streams(Setting<Integer> port, Supplier<KafkaStreams.State> streams) throws IOException {
        return streams(port, streams, List.of());
    }

    /** As {@link #streams(Setting, Supplier)}, ready only when the service's {@code own} checks pass as well. */
    public AdminServer streams(Setting<Integer> port, Supplier<KafkaStreams.State> streams, List<ReadinessCheck> own)
            throws IOException {
        List<ReadinessCheck> checks = new ArrayList<>(List.of(ReadinessChecks.streams("streams", streams)));
        checks.addAll(runtime.readinessChecks());
        checks.addAll(own);
        return new AdminServer(
                service,
                host,
                runtime.settings().get(port),
                token,
                allowList(),
                lifecycle::live,
                checks,
                List.of(metrics()));
    }

    /** The host names and web origins the admin endpoint answers to beyond its own ({@code HTTP_ALLOWED_*}). */
    public HttpAllowList allowList() {
        return HttpAllowList.from(runtime.settings());
    }

    /** This process's meters, scraped at {@code /metrics}. */
    public MetricsRoute metrics() {
        return new MetricsRoute(runtime.meters());
    }

    /** The line a harness reads to find the port (0 in the settings = any free one). */
    public void announce(int port) {
        System.out.println(service + " admin on " + ServerAddresses.localUrl(host, port));
    }
}
