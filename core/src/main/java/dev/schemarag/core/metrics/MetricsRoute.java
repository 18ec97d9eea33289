package dev.schemarag.core.metrics;

import static dev.schemarag.core.admin.AdminHttp.allowed;

import com.sun.net.httpserver.HttpExchange;
import dev.schemarag.core.admin.AdminRoute;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /metrics}: the registry in the Prometheus text format (0.0.4), or OpenMetrics when the scraper's
 * {@code Accept} asks for it. Like every admin route but the probes, it needs the bearer token when one is set.
 */
public final class MetricsRoute implements AdminRoute {
    public static final String PATH = "/metrics";
    /** The content types of the registry's two text writers, which {@code scrape} picks by them. */
    static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    static final String OPEN_METRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";

    private final PrometheusMeterRegistry registry;

    public MetricsRoute(PrometheusMeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public boolean matches(String path) {
        return path.equals(PATH);
    }

    @Override
    public void handle(HttpExchange exchange, String path) throws IOException {
        if (!allowed(exchange, "GET")) return;
        String contentType = contentType(exchange.getRequestHeaders().getFirst("Accept"));
        byte[] body = registry.scrape(contentType).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
    }

    /** OpenMetrics only when asked for by name; anything else, no header included, gets the classic text format. */
    static String contentType(String accept) {
        return accept != null && accept.contains("application/openmetrics-text") ? OPEN_METRICS : PROMETHEUS_TEXT;
    }
}
