package dev.schemarag.core.admin;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;

/** A service's own admin routes, served behind the bearer token next to /health and /ready. */
public interface AdminRoute {
    /** Whether this route serves {@code path} (the raw path, without query). */
    boolean matches(String path);

    /** Answers the request, through {@link AdminHttp}. */
    void handle(HttpExchange exchange, String path) throws IOException;
}
