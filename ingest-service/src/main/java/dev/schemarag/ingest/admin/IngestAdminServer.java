package dev.schemarag.ingest.admin;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.schemarag.ingest.sync.SyncSummary;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ingest admin HTTP. {@code POST /internal/schema/sync?db=<id>} queues a full sync and answers {@code 202} with the
 * job's location; {@code GET /internal/schema/sync/<job>} reports it; {@code GET /health} is open to probes. Every
 * other route needs the bearer token when one is configured ({@link AdminAccess}). Requests are handled on a small
 * pool and syncs on {@link SyncJobs}, so a long sync never holds up a health check. Bodies are never read, and error
 * bodies are {@code {"code", "message"}} with a fixed message: no exception text, no list of registered databases.
 */
public final class IngestAdminServer implements AutoCloseable {
    static final String SYNC_PATH = "/internal/schema/sync";
    static final int SYNC_WORKERS = 1;
    static final int SYNC_QUEUE = 4;
    private static final int RETAINED_JOBS = 100;
    private static final int REQUEST_THREADS = 4;
    private static final int MAX_URI_LENGTH = 2048;
    private static final Pattern DATABASE_ID = Pattern.compile("[A-Za-z0-9_.-]{1,128}");
    private static final Logger log = LoggerFactory.getLogger(IngestAdminServer.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final IngestAdmin ingest;
    private final AdminAccess access;
    private final SyncJobs jobs;
    private final ExecutorService requests;
    private final HttpServer server;

    /** @throws IllegalStateException when {@code host} is not loopback and there is no token: nothing is started */
    public IngestAdminServer(IngestAdmin ingest, String host, int port, String token) throws IOException {
        this.ingest = ingest;
        this.access = AdminAccess.forBinding(host, token);
        server = HttpServer.create(new InetSocketAddress(host, port), 0);
        jobs = new SyncJobs(ingest::sync, SYNC_WORKERS, SYNC_QUEUE, RETAINED_JOBS);
        AtomicInteger threads = new AtomicInteger();
        requests = Executors.newFixedThreadPool(REQUEST_THREADS, r -> {
            Thread t = new Thread(r, "admin-http-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(requests);
        server.createContext("/", this::handle);
        server.start();
        if (!access.requiresToken()) log.info("ingest admin endpoint on loopback {} without a token", host);
    }

    private void handle(HttpExchange exchange) throws IOException {
        // Closed in finally, not by try-with-resources: the catch must still be able to answer 500.
        try {
            route(exchange);
        } catch (RuntimeException e) {
            log.warn("admin request failed", e);
            if (exchange.getResponseCode() == -1)
                send(exchange, 500, error("internal_error", "the request could not be handled"));
        } finally {
            exchange.close();
        }
    }

    private void route(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getRawPath();
        String method = exchange.getRequestMethod();
        if (exchange.getRequestURI().toString().length() > MAX_URI_LENGTH) {
            send(
                    exchange,
                    414,
                    error("uri_too_long", "the request URI is longer than " + MAX_URI_LENGTH + " characters"));
            return;
        }
        if (path.equals("/health")) {
            if (!allowed(exchange, "GET")) return;
            boolean healthy = ingest.healthy();
            send(exchange, healthy ? 200 : 503, Map.of("status", healthy ? "UP" : "DOWN"));
            return;
        }
        if (!access.admits(exchange.getRequestHeaders().getFirst("Authorization"))) {
            exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer realm=\"schemarag-admin\"");
            send(exchange, 401, error("unauthorized", "a valid bearer token is required"));
            return;
        }
        if (path.equals(SYNC_PATH)) {
            if (allowed(exchange, "POST")) submit(exchange);
        } else if (path.startsWith(SYNC_PATH + "/") && path.indexOf('/', SYNC_PATH.length() + 1) < 0) {
            if (allowed(exchange, "GET")) status(exchange, path.substring(SYNC_PATH.length() + 1));
        } else {
            send(exchange, 404, error("not_found", "no such route"));
        }
    }

    private void submit(HttpExchange exchange) throws IOException {
        Optional<String> db = Optional.ofNullable(query(exchange, "db"));
        if (db.isEmpty() || db.get().isBlank()) {
            send(exchange, 400, error("missing_database", "query parameter db is required"));
            return;
        }
        if (!DATABASE_ID.matcher(db.get()).matches() || !ingest.registered(db.get())) {
            send(exchange, 404, error("unknown_database", "the database is not registered"));
            return;
        }
        Optional<SyncJobs.Job> job = jobs.submit(db.get());
        if (job.isEmpty()) {
            exchange.getResponseHeaders().set("Retry-After", "60");
            send(exchange, 429, error("sync_queue_full", "too many syncs are queued; retry later"));
            return;
        }
        log.info("sync job {} of {} queued", job.get().id(), job.get().databaseId());
        exchange.getResponseHeaders()
                .set("Location", SYNC_PATH + "/" + job.get().id());
        send(exchange, 202, view(job.get()));
    }

    private void status(HttpExchange exchange, String jobId) throws IOException {
        Optional<SyncJobs.Job> job = jobs.find(jobId);
        if (job.isEmpty()) send(exchange, 404, error("unknown_job", "no such sync job"));
        else send(exchange, 200, view(job.get()));
    }

    static Map<String, Object> view(SyncJobs.Job job) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("job", job.id());
        body.put("database", job.databaseId());
        body.put("status", job.status().wireName());
        body.put("submitted", job.submitted().toString());
        if (job.summary() != null) body.put("summary", summary(job.summary()));
        if (job.errorCode() != null) body.put("error", error(job.errorCode(), job.errorMessage()));
        return body;
    }

    private static Map<String, Object> summary(SyncSummary s) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("tables", s.tables());
        body.put("embedded", s.embedded());
        body.put("unchanged", s.unchanged());
        body.put("deleted", s.deleted());
        body.put("docChunks", s.docChunks());
        body.put("seconds", s.seconds());
        return body;
    }

    static Map<String, String> error(String code, String message) {
        Map<String, String> body = new LinkedHashMap<>();
        body.put("code", code);
        body.put("message", message);
        return body;
    }

    private static boolean allowed(HttpExchange exchange, String method) throws IOException {
        if (exchange.getRequestMethod().equals(method)) return true;
        exchange.getResponseHeaders().set("Allow", method);
        send(exchange, 405, error("method_not_allowed", "use " + method));
        return false;
    }

    private static String query(HttpExchange exchange, String name) {
        String q = exchange.getRequestURI().getRawQuery();
        if (q == null) return null;
        for (String pair : q.split("&")) {
            int eq = pair.indexOf('=');
            try {
                if (eq > 0
                        && URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8)
                                .equals(name)) return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException malformedEscape) {
                return null;
            }
        }
        return null;
    }

    private static void send(HttpExchange exchange, int status, Object body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        requests.shutdownNow();
        jobs.close();
    }
}
