package dev.schemarag.core.admin;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** The JSON answers and request helpers every admin route shares. */
public final class AdminHttp {
    private static final ObjectMapper JSON = new ObjectMapper();

    private AdminHttp() {}

    /** The error body: a stable code and a fixed message, never exception text. */
    public static Map<String, String> error(String code, String message) {
        Map<String, String> body = new LinkedHashMap<>();
        body.put("code", code);
        body.put("message", message);
        return body;
    }

    /** Whether the request uses {@code method}; if not, it has been answered 405. */
    public static boolean allowed(HttpExchange exchange, String method) throws IOException {
        if (exchange.getRequestMethod().equals(method)) return true;
        exchange.getResponseHeaders().set("Allow", method);
        send(exchange, 405, error("method_not_allowed", "use " + method));
        return false;
    }

    /** The decoded value of query parameter {@code name}; null when absent or badly escaped. */
    public static String query(HttpExchange exchange, String name) {
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

    public static void send(HttpExchange exchange, int status, Object body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }
}
