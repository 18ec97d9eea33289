package dev.schemarag.ingest.admin;

import static dev.schemarag.core.admin.AdminHttp.allowed;
import static dev.schemarag.core.admin.AdminHttp.error;
import static dev.schemarag.core.admin.AdminHttp.query;
import static dev.schemarag.core.admin.AdminHttp.send;

import com.sun.net.httpserver.HttpExchange;
import dev.schemarag.core.admin.AdminAccess;
import dev.schemarag.core.admin.AdminRoute;
import dev.schemarag.core.admin.AdminServer;
import dev.schemarag.core.admin.ReadinessCheck;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.http.HttpAllowList;
import dev.schemarag.ingest.sync.SyncSummary;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ingest admin HTTP: the shared {@link AdminServer} ({@code /health}, {@code /ready} with the embedding updater and the
 * change-capture engines among its checks) plus the sync jobs. {@code POST /internal/schema/sync?db=<id>} queues a
 * full sync and answers {@code 202} with the job's location; {@code GET /internal/schema/sync/<job>} reports it. Both
 * need the bearer token when one is configured, and the POST a JSON {@code Content-Type} like every state-changing
 * request to an admin endpoint (it has no body: the header is what a cross-site form cannot send). Syncs run on
 * {@link SyncJobs}, so a long sync never holds up a probe. Error bodies are {@code {"code", "message"}} with a fixed
 * message: no exception text, no list of registered databases.
 */
public final class IngestAdminServer implements AutoCloseable {
    static final String SYNC_PATH = "/internal/schema/sync";
    static final int SYNC_WORKERS = 1;
    static final int SYNC_QUEUE = 4;
    private static final int RETAINED_JOBS = 100;
    private static final Pattern DATABASE_ID = Pattern.compile("[A-Za-z0-9_.-]{1,128}");
    private static final Logger log = LoggerFactory.getLogger(IngestAdminServer.class);

    private final IngestAdmin ingest;
    private final SyncJobs jobs;
    private final AdminServer server;

    /**
     * @param allowList the host names and web origins allowed beyond the server's own ({@code HTTP_ALLOWED_*})
     * @param live whether the process is alive (liveness)
     * @param sharedChecks the readiness checks every service has (store, registry); the ingest service's own follow
     * @param sharedRoutes the routes every service has ({@code /metrics}), next to the sync routes
     * @throws IllegalStateException when {@code host} is not loopback and there is no token: nothing is started
     */
    public IngestAdminServer(
            IngestAdmin ingest,
            String host,
            int port,
            String token,
            HttpAllowList allowList,
            BooleanSupplier live,
            List<ReadinessCheck> sharedChecks,
            List<AdminRoute> sharedRoutes)
            throws IOException {
        this.ingest = ingest;
        AdminAccess.forBinding(host, token); // refuse before the sync workers start
        jobs = new SyncJobs(ingest::sync, SYNC_WORKERS, SYNC_QUEUE, RETAINED_JOBS);
        List<ReadinessCheck> checks = new ArrayList<>(sharedChecks);
        checks.addAll(ingest.readinessChecks());
        try {
            List<AdminRoute> routes = new ArrayList<>(sharedRoutes);
            routes.add(new SyncRoutes());
            server = new AdminServer("ingest", host, port, token, allowList, live, checks, routes);
        } catch (IOException | RuntimeException e) {
            jobs.close();
            throw e;
        }
    }

    /** {@code POST /internal/schema/sync} and {@code GET /internal/schema/sync/<job>}. */
    private final class SyncRoutes implements AdminRoute {
        @Override
        public boolean matches(String path) {
            return path.equals(SYNC_PATH)
                    || (path.startsWith(SYNC_PATH + "/") && path.indexOf('/', SYNC_PATH.length() + 1) < 0);
        }

        @Override
        public void handle(HttpExchange exchange, String path) throws IOException {
            if (path.equals(SYNC_PATH)) {
                if (allowed(exchange, "POST")) submit(exchange);
            } else if (allowed(exchange, "GET")) status(exchange, path.substring(SYNC_PATH.length() + 1));
        }
    }

    private void submit(HttpExchange exchange) throws IOException {
        Optional<String> db = Optional.ofNullable(query(exchange, "db"));
        if (db.isEmpty() || db.get().isBlank()) {
            send(exchange, 400, error("missing_database", "query parameter db is required"));
            return;
        }
        if (!DATABASE_ID.matcher(db.get()).matches() || !ingest.registered(db.get())) {
            send(exchange, 404, error(ErrorClass.UNKNOWN_DATABASE.wireName(), "the database is not registered"));
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

    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        server.close();
        jobs.close();
    }
}
