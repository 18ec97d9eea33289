package dev.schemarag.core.admin;

import com.sun.net.httpserver.Filter;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import dev.schemarag.core.http.BrowserRequestPolicy;
import dev.schemarag.core.http.BrowserRequestPolicy.Preflight;
import dev.schemarag.core.http.BrowserRequestPolicy.Refuse;
import dev.schemarag.core.http.BrowserRequestPolicy.Request;
import dev.schemarag.core.http.BrowserRequestPolicy.Serve;
import dev.schemarag.core.http.BrowserRequestPolicy.Verdict;
import dev.schemarag.core.http.HttpAllowList;
import dev.schemarag.core.http.ServerAddresses;
import java.io.IOException;
import java.util.List;

/**
 * {@link BrowserRequestPolicy} in front of a JDK {@code HttpServer}'s handler, before the token is checked: a refusal
 * or a preflight is answered here and never reaches the handler.
 */
public final class BrowserRequestFilter extends Filter {
    private final BrowserRequestPolicy policy;

    private BrowserRequestFilter(BrowserRequestPolicy policy) {
        this.policy = policy;
    }

    /** The filter of a server bound to {@code host}. */
    public static BrowserRequestFilter forBinding(String host, HttpAllowList allowed) {
        return new BrowserRequestFilter(BrowserRequestPolicy.of(ServerAddresses.of(host), allowed));
    }

    @Override
    public void doFilter(HttpExchange exchange, Chain chain) throws IOException {
        Verdict verdict = policy.judge(request(exchange));
        if (verdict instanceof Serve serve) {
            serve.headers().forEach(exchange.getResponseHeaders()::set);
            chain.doFilter(exchange);
            return;
        }
        try {
            if (verdict instanceof Preflight preflight) {
                preflight.headers().forEach(exchange.getResponseHeaders()::set);
                exchange.sendResponseHeaders(204, -1);
            } else if (verdict instanceof Refuse refuse) {
                AdminHttp.send(exchange, refuse.status(), AdminHttp.error(refuse.code(), refuse.message()));
            }
        } finally {
            exchange.close();
        }
    }

    @Override
    public String description() {
        return "Host, Origin and Content-Type rules for requests a browser could send";
    }

    private static Request request(HttpExchange exchange) {
        Headers headers = exchange.getRequestHeaders();
        return new Request(
                exchange.getRequestMethod(),
                joined(headers, "Host"),
                joined(headers, "Origin"),
                joined(headers, "Content-Type"),
                headers.getFirst("Access-Control-Request-Method"),
                hasBody(headers));
    }

    /** The header's values joined by commas: a repeated Host, Origin or Content-Type then parses as none. */
    private static String joined(Headers headers, String name) {
        List<String> values = headers.get(name);
        return values == null ? null : String.join(", ", values);
    }

    private static boolean hasBody(Headers headers) {
        if (headers.containsKey("Transfer-Encoding")) return true;
        String length = headers.getFirst("Content-Length");
        if (length == null) return false;
        try {
            return Long.parseLong(length.strip()) > 0;
        } catch (NumberFormatException unreadable) {
            return true;
        }
    }
}
