package dev.schemarag.web;

import static dev.schemarag.core.admin.AdminHttp.allowed;
import static dev.schemarag.core.admin.AdminHttp.error;
import static dev.schemarag.core.admin.AdminHttp.send;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.schemarag.core.admin.BrowserRequestFilter;
import dev.schemarag.core.admin.Caller;
import dev.schemarag.core.admin.CallerAccess;
import dev.schemarag.core.admin.PrincipalTokens;
import dev.schemarag.core.http.HttpAllowList;
import dev.schemarag.core.http.HttpServers;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The console's HTTP listener (JDK {@code HttpServer}): API routes, the OpenAPI document and the page's static files.
 * Every route, the page included, needs a bearer token when one is configured ({@link CallerAccess}); without one it
 * only starts on loopback. A principal's token reaches the routes that answer it about its own questions
 * ({@link ApiRoute.Audience#ANY_CALLER}), the others are the operator's. {@code /health} and {@code /ready} are open to probes, as on the services' admin endpoints. No cookies are set or read, so there is no session a forged cross-site request could ride
 * on; and before anything else {@link BrowserRequestFilter} refuses what another web page could send: a Host not
 * naming this console (DNS rebinding), a foreign Origin, a POST that is not JSON. Errors carry a stable code and a
 * fixed message, never exception text.
 */
public final class WebServer implements AutoCloseable {
    /** Event streams hold a thread each: {@link EventStream#MAX_SUBSCRIBERS} of them, and the rest for requests. */
    private static final int THREADS = EventStream.MAX_SUBSCRIBERS + 8;

    private static final int MAX_URI_LENGTH = 4096;
    private static final Logger log = LoggerFactory.getLogger(WebServer.class);

    private final CallerAccess access;
    private final BooleanSupplier live;
    private final List<ApiRoute> routes;
    private final byte[] openApi;
    private final StaticFiles files = new StaticFiles();
    private final ExecutorService requests;
    private final HttpServer server;

    /**
     * @param allowList the host names and web origins allowed beyond the console's own ({@code HTTP_ALLOWED_*})
     * @param live whether the console works (its event feed reads): {@code /health} and {@code /ready} report it
     */
    public WebServer(
            String host,
            int port,
            String token,
            PrincipalTokens principals,
            HttpAllowList allowList,
            BooleanSupplier live,
            List<ApiRoute> routes)
            throws IOException {
        this.access = CallerAccess.forBinding(host, token, principals);
        this.live = live;
        this.routes = List.copyOf(routes);
        this.openApi = OpenApiDocument.json(routes);
        server = HttpServers.create(new InetSocketAddress(host, port), 0);
        AtomicInteger threads = new AtomicInteger();
        requests = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "web-http-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(requests);
        server.createContext("/", this::handle).getFilters().add(BrowserRequestFilter.forBinding(host, allowList));
        server.start();
        if (!access.requiresToken()) log.info("web console on loopback {} without a token", host);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try {
            securityHeaders(exchange);
            route(exchange);
        } catch (ApiError e) {
            if (exchange.getResponseCode() == -1) send(exchange, e.status, error(e.code, e.getMessage()));
        } catch (RuntimeException e) {
            log.warn("web request failed", e);
            if (exchange.getResponseCode() == -1)
                send(exchange, 500, error("internal_error", "the request could not be handled"));
        } finally {
            exchange.close();
        }
    }

    private static void securityHeaders(HttpExchange exchange) {
        var h = exchange.getResponseHeaders();
        h.set("X-Content-Type-Options", "nosniff");
        h.set("X-Frame-Options", "DENY");
        h.set("Referrer-Policy", "no-referrer");
        h.set(
                "Content-Security-Policy",
                "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'");
    }

    private void route(HttpExchange exchange) throws IOException {
        if (exchange.getRequestURI().toString().length() > MAX_URI_LENGTH) {
            send(exchange, 414, error("uri_too_long", "the request URI is longer than " + MAX_URI_LENGTH));
            return;
        }
        String path = exchange.getRequestURI().getRawPath();
        if (path.equals("/health") || path.equals("/ready")) {
            // Open to probes, as on the services' admin endpoints: they reveal nothing.
            if (!allowed(exchange, "GET")) return;
            boolean up = live.getAsBoolean();
            send(exchange, up ? 200 : 503, Map.of("status", up ? "UP" : "DOWN"));
            return;
        }
        Optional<Caller> caller = access.identify(exchange.getRequestHeaders().getFirst("Authorization"));
        if (caller.isEmpty()) {
            exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer realm=\"schemarag\"");
            send(exchange, 401, error("unauthorized", "a valid bearer token is required"));
            return;
        }
        exchange.setAttribute(Caller.ATTRIBUTE, caller.get());
        if (path.equals("/api/openapi.json")) {
            if (!allowed(exchange, "GET")) return;
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, openApi.length);
            exchange.getResponseBody().write(openApi);
            return;
        }
        if (!path.startsWith("/api/")) {
            files.serve(exchange, path);
            return;
        }
        List<String> methods = new ArrayList<>();
        for (ApiRoute route : routes) {
            Optional<Map<String, String>> values = route.match(path);
            if (values.isEmpty()) continue;
            if (route.method().equals(exchange.getRequestMethod())) {
                if (route.audience() == ApiRoute.Audience.OPERATOR && caller.get() instanceof Caller.Principal) {
                    send(exchange, 403, error("forbidden", "this route is the operator's"));
                    return;
                }
                route.handler().handle(exchange, values.get());
                return;
            }
            methods.add(route.method());
        }
        if (!methods.isEmpty()) {
            exchange.getResponseHeaders().set("Allow", String.join(", ", methods));
            send(exchange, 405, error("method_not_allowed", "use " + String.join(" or ", methods)));
            return;
        }
        send(exchange, 404, error("not_found", "no such route"));
    }

    /** Who sent the request: set before any route's handler runs. */
    static Caller caller(HttpExchange exchange) {
        return (Caller) exchange.getAttribute(Caller.ATTRIBUTE);
    }

    /** The request body, at most {@code limit} bytes; longer ones are refused with 413. */
    static byte[] body(HttpExchange exchange, int limit) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            byte[] bytes = in.readNBytes(limit + 1);
            if (bytes.length > limit) throw new ApiError(413, "body_too_large", "the body is over " + limit + " bytes");
            return bytes;
        }
    }

    /** An answer other than success: its status, a stable code and a message that must be safe to show. */
    static final class ApiError extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int status;
        final String code;

        ApiError(int status, String code, String message) {
            super(message, null, false, false);
            this.status = status;
            this.code = code;
        }
    }

    @Override
    public void close() {
        server.stop(0);
        requests.shutdownNow();
    }
}
