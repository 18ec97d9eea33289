package dev.schemarag.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.schemarag.ingest.service.IngestService;
import dev.schemarag.ingest.sync.SyncProgress;
import dev.schemarag.ingest.sync.SyncSummary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** Ingest admin HTTP: {@code POST /internal/schema/sync?db=<id>} runs a full sync; {@code GET /health}. */
final class IngestAdminServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(IngestAdminServer.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpServer server;

    IngestAdminServer(IngestService ingest, String host, int port) throws IOException {
        server = HttpServer.create(new InetSocketAddress(host, port), 0);
        server.createContext("/internal/schema/sync", exchange -> {
            if (!exchange.getRequestMethod().equals("POST")) {
                send(exchange, 405, Map.of("error", "use POST"));
                return;
            }
            String db = query(exchange).get("db");
            if (db == null) {
                send(exchange, 400, Map.of("error", "query parameter db is required"));
                return;
            }
            try {
                SyncSummary s = ingest.sync(db, SyncProgress.NONE);
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("database", db);
                body.put("tables", s.tables());
                body.put("embedded", s.embedded());
                body.put("unchanged", s.unchanged());
                body.put("deleted", s.deleted());
                body.put("docChunks", s.docChunks());
                body.put("seconds", s.seconds());
                send(exchange, 200, body);
            } catch (IllegalArgumentException e) {
                send(exchange, 404, Map.of("error", e.getMessage()));
            } catch (Exception e) {
                log.warn("sync of {} failed: {}", db, e.getMessage());
                send(exchange, 500, Map.of("error", e.getClass().getSimpleName() + ": " + e.getMessage()));
            }
        });
        server.createContext("/health", exchange -> send(exchange, ingest.healthy() ? 200 : 503,
                Map.of("status", ingest.healthy() ? "UP" : "DOWN")));
        server.start();
    }

    private static Map<String, String> query(HttpExchange exchange) {
        Map<String, String> params = new LinkedHashMap<>();
        String q = exchange.getRequestURI().getRawQuery();
        if (q == null) return params;
        for (String pair : q.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) params.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return params;
    }

    private static void send(HttpExchange exchange, int status, Object body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (var out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
