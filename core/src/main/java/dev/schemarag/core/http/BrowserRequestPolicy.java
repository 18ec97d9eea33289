package dev.schemarag.core.http;

import java.util.Collection;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a request may reach an HTTP server of this product that a browser on the same machine can reach too (the web
 * console, the admin endpoints, MCP over HTTP): the rule that keeps a foreign web page from driving them. In order:
 *
 * <ol>
 *   <li>{@code Host} must name this server: its address, {@code localhost}, a loopback literal or an allowed host name
 *       (else 421). A DNS-rebinding page reaches the server under its own name, which it cannot change. The port is
 *       not compared: a published container port or a proxy changes it, and it does not help a rebinding page.
 *   <li>{@code Origin}, when present, must be the server's own (the {@code Host} it was reached by, with http or https)
 *       or an allowed origin (else 403); {@code Origin: null} never is.
 *   <li>A request that can change state (any method but GET, HEAD and OPTIONS) must send {@code Content-Type:
 *       application/json} (else 415), which a cross-site form or simple request cannot. A DELETE without a body is
 *       exempt: browsers always preflight it, and MCP clients end their session with one.
 * </ol>
 *
 * An allowed foreign origin gets CORS headers, and its preflight is answered here; without allowed origins no CORS
 * header is ever sent. Pure: nothing is resolved or read.
 */
public final class BrowserRequestPolicy {
    private static final String ALLOWED_METHODS = "GET, POST, DELETE";
    private static final String ALLOWED_HEADERS =
            "Authorization, Content-Type, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID";
    private static final String EXPOSED_HEADERS = "Location, Retry-After, Mcp-Session-Id";
    private static final String PREFLIGHT_MAX_AGE_SECONDS = "600";
    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");

    private final Set<String> hosts;
    private final Set<WebOrigin> origins;

    private BrowserRequestPolicy(Set<String> hosts, Set<WebOrigin> origins) {
        this.hosts = Set.copyOf(hosts);
        this.origins = Set.copyOf(origins);
    }

    /**
     * @param serverAddresses the addresses the server is reached at: its bound address, or for a wildcard binding
     *     those of this machine ({@link ServerAddresses}); a wildcard address itself is no name of the server
     * @throws IllegalArgumentException when an allowed host or origin does not parse (the settings refuse them first)
     */
    public static BrowserRequestPolicy of(Collection<String> serverAddresses, HttpAllowList allowed) {
        Set<String> hosts = new HashSet<>(Set.of("localhost"));
        for (String address : serverAddresses)
            Authority.host(address).filter(h -> !Authority.isWildcard(h)).ifPresent(hosts::add);
        for (String name : allowed.hosts())
            hosts.add(Authority.host(name)
                    .orElseThrow(() -> new IllegalArgumentException("not a host name or address: " + name)));
        Set<WebOrigin> origins = new HashSet<>();
        for (String origin : allowed.origins())
            origins.add(WebOrigin.parse(origin)
                    .orElseThrow(
                            () -> new IllegalArgumentException("not an origin (scheme://host[:port]): " + origin)));
        return new BrowserRequestPolicy(hosts, origins);
    }

    /**
     * The headers the policy reads; null when absent.
     *
     * @param requestedMethod {@code Access-Control-Request-Method}: with OPTIONS and an origin, a CORS preflight
     * @param hasBody whether the request carries a body (a positive {@code Content-Length} or a chunked one)
     */
    public record Request(
            String method, String host, String origin, String contentType, String requestedMethod, boolean hasBody) {}

    /** What to do with a request. */
    public sealed interface Verdict {}

    /** Serve it, with these response headers added (CORS for an allowed foreign origin, else none). */
    public record Serve(Map<String, String> headers) implements Verdict {}

    /** A CORS preflight from an allowed origin: answer 204 with these headers, without serving anything. */
    public record Preflight(Map<String, String> headers) implements Verdict {}

    /** Refuse it: the status, a stable code and a fixed message safe to show. */
    public record Refuse(int status, String code, String message) implements Verdict {}

    public Verdict judge(Request request) {
        if (request.host() == null || request.host().isBlank())
            return new Refuse(400, "missing_host", "the request has no Host header");
        Optional<Authority> host = Authority.parse(request.host().strip());
        if (host.isEmpty()) return new Refuse(400, "invalid_host", "the Host header is not a host name or address");
        if (!serves(host.get().host()))
            return new Refuse(421, "misdirected_request", "this server does not answer to that host name");
        Map<String, String> cors = Map.of();
        if (request.origin() != null) {
            Optional<WebOrigin> origin = WebOrigin.parse(request.origin());
            boolean own = origin.isPresent() && origin.get().servedBy(host.get());
            if (!own) {
                if (origin.isEmpty() || !origins.contains(origin.get()))
                    return new Refuse(403, "origin_refused", "requests from this web origin are refused");
                String allowed = request.origin().strip();
                if (request.method().equals("OPTIONS") && request.requestedMethod() != null)
                    return new Preflight(Map.of(
                            "Access-Control-Allow-Origin", allowed,
                            "Access-Control-Allow-Methods", ALLOWED_METHODS,
                            "Access-Control-Allow-Headers", ALLOWED_HEADERS,
                            "Access-Control-Max-Age", PREFLIGHT_MAX_AGE_SECONDS,
                            "Vary", "Origin"));
                cors = Map.of(
                        "Access-Control-Allow-Origin", allowed,
                        "Access-Control-Expose-Headers", EXPOSED_HEADERS,
                        "Vary", "Origin");
            }
        }
        if (needsJson(request) && !isJson(request.contentType()))
            return new Refuse(415, "unsupported_media_type", "send the body as Content-Type: application/json");
        return new Serve(cors);
    }

    private boolean serves(String host) {
        return hosts.contains(host) || Authority.isLoopbackLiteral(host);
    }

    private static boolean needsJson(Request request) {
        String method = request.method().toUpperCase(Locale.ROOT);
        if (SAFE_METHODS.contains(method)) return false;
        return !method.equals("DELETE") || request.hasBody();
    }

    /** {@code application/json}, in any case, with parameters such as a charset or not. */
    private static boolean isJson(String contentType) {
        if (contentType == null) return false;
        int parameters = contentType.indexOf(';');
        String mediaType = parameters < 0 ? contentType : contentType.substring(0, parameters);
        return mediaType.strip().equalsIgnoreCase("application/json");
    }
}
