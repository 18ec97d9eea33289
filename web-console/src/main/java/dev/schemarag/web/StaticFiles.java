package dev.schemarag.web;

import static dev.schemarag.core.admin.AdminHttp.error;
import static dev.schemarag.core.admin.AdminHttp.send;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/** The page: a fixed set of files from the classpath, nothing from the file system or a CDN. */
final class StaticFiles {
    private static final String ROOT = "/dev/schemarag/web/static/";
    private static final Map<String, String> FILES = Map.of(
            "/", "index.html;text/html; charset=utf-8",
            "/index.html", "index.html;text/html; charset=utf-8",
            "/app.js", "app.js;text/javascript; charset=utf-8",
            "/app.css", "app.css;text/css; charset=utf-8",
            "/favicon.svg", "favicon.svg;image/svg+xml");

    void serve(HttpExchange exchange, String path) throws IOException {
        String entry = FILES.get(path);
        if (entry == null) {
            send(exchange, 404, error("not_found", "no such route"));
            return;
        }
        if (!exchange.getRequestMethod().equals("GET")) {
            exchange.getResponseHeaders().set("Allow", "GET");
            send(exchange, 405, error("method_not_allowed", "use GET"));
            return;
        }
        int split = entry.indexOf(';');
        byte[] bytes;
        try (InputStream in = StaticFiles.class.getResourceAsStream(ROOT + entry.substring(0, split))) {
            if (in == null) throw new IllegalStateException("missing page resource " + entry);
            bytes = in.readAllBytes();
        }
        exchange.getResponseHeaders().set("Content-Type", entry.substring(split + 1));
        exchange.getResponseHeaders().set("Cache-Control", "no-cache");
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
    }
}
