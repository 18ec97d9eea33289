package dev.schemarag.core.admin;

import static dev.schemarag.core.admin.AdminHttp.allowed;
import static dev.schemarag.core.admin.AdminHttp.error;
import static dev.schemarag.core.admin.AdminHttp.send;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.schemarag.core.http.HttpAllowList;
import dev.schemarag.core.http.HttpServers;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A service's admin HTTP endpoint. {@code GET /health} is liveness: 200 {@code {"status":"UP"}} while the process is
 * neither stopping nor failed, else 503. {@code GET /ready} is readiness: 200 when every check passes (the process
 * alive among them), else 503, with each check's name, status and a safe detail. Both are open to probes without the
 * token: they reveal no data, SQL or secret. Every other route, the service's own ({@link AdminRoute}), needs the
 * bearer token when one is configured ({@link AdminAccess}). Before any of that, every request, the probes included,
 * must pass {@link BrowserRequestFilter}: a Host naming this server, no foreign Origin, a JSON Content-Type on POST.
 * Requests are handled on a small pool, so a slow check or route never holds up a liveness probe. Bodies are never
 * read.
 */
public final class AdminServer implements AutoCloseable {
    private static final int REQUEST_THREADS = 4;
    private static final int MAX_URI_LENGTH = 2048;
    private static final Logger log = LoggerFactory.getLogger(AdminServer.class);

    private final BooleanSupplier live;
    private final Readiness readiness;
    private final List<AdminRoute> routes;
    private final AdminAccess access;
    private final ExecutorService requests;
    private final HttpServer server;

    /**
     * Starts serving at once.
     *
     * @param allowList the host names and web origins allowed beyond the server's own ({@code HTTP_ALLOWED_*})
     * @param live whether the process is alive: false once it stops or one of its stream clients has failed
     * @param checks the service's readiness checks; liveness is added as the check {@code process}
     * @throws IllegalStateException when {@code host} is not loopback and there is no token: nothing is started
     */
    public AdminServer(
            String service,
            String host,
            int port,
            String token,
            HttpAllowList allowList,
            BooleanSupplier live,
            List<ReadinessCheck> checks,
            List<AdminRoute> routes)
            throws IOException {
        this.access = AdminAccess.forBinding(host, token);
        this.live = live;
        List<ReadinessCheck> all = new ArrayList<>();
        all.add(ReadinessChecks.condition("process", live, "alive", "stopping or failed"));
        all.addAll(checks);
        this.readiness = new Readiness(all);
        this.routes = List.copyOf(routes);
        server = HttpServers.create(new InetSocketAddress(host, port), 0);
        AtomicInteger threads = new AtomicInteger();
        requests = Executors.newFixedThreadPool(REQUEST_THREADS, r -> {
            Thread t = new Thread(r, service + "-admin-http-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(requests);
        server.createContext("/", this::handle).getFilters().add(BrowserRequestFilter.forBinding(host, allowList));
        server.start();
        if (!access.requiresToken()) log.info("{} admin endpoint on loopback {} without a token", service, host);
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
        if (exchange.getRequestURI().toString().length() > MAX_URI_LENGTH) {
            send(
                    exchange,
                    414,
                    error("uri_too_long", "the request URI is longer than " + MAX_URI_LENGTH + " characters"));
            return;
        }
        if (path.equals("/health")) {
            if (!allowed(exchange, "GET")) return;
            boolean up = live.getAsBoolean();
            send(exchange, up ? 200 : 503, Map.of("status", up ? "UP" : "DOWN"));
            return;
        }
        if (path.equals("/ready")) {
            if (!allowed(exchange, "GET")) return;
            ReadinessReport report = readiness.evaluate();
            send(exchange, report.ready() ? 200 : 503, report.body());
            return;
        }
        if (!access.admits(exchange.getRequestHeaders().getFirst("Authorization"))) {
            exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer realm=\"schemarag-admin\"");
            send(exchange, 401, error("unauthorized", "a valid bearer token is required"));
            return;
        }
        for (AdminRoute route : routes) {
            if (route.matches(path)) {
                route.handle(exchange, path);
                return;
            }
        }
        send(exchange, 404, error("not_found", "no such route"));
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        requests.shutdownNow();
        readiness.close();
    }
}
