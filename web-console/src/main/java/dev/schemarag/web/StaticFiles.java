package dev.schemarag.web;

import static dev.schemarag.core.admin.AdminHttp.error;
import static dev.schemarag.core.admin.AdminHttp.send;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;

/**
 * The page: a fixed set of files from the classpath, nothing from the file system or a CDN. The charting library is
 * Chart.js's UMD build from its WebJar ({@code org.webjars.npm:chart.js}), served at {@value #CHART_JS}.
 */
final class StaticFiles {
    static final String CHART_JS = "/vendor/chart.umd.min.js";
    private static final String ROOT = "/dev/schemarag/web/static/";
    private static final String HTML = "text/html; charset=utf-8";
    private static final String JS = "text/javascript; charset=utf-8";

    /** A file of the page: where it is on the classpath and its content type. */
    private record File(String resource, String contentType) {}

    private static final Map<String, File> FILES = Map.of(
            "/",
            new File(ROOT + "index.html", HTML),
            "/index.html",
            new File(ROOT + "index.html", HTML),
            "/app.js",
            new File(ROOT + "app.js", JS),
            "/results.js",
            new File(ROOT + "results.js", JS),
            "/app.css",
            new File(ROOT + "app.css", "text/css; charset=utf-8"),
            "/favicon.svg",
            new File(ROOT + "favicon.svg", "image/svg+xml"),
            CHART_JS,
            new File(webJar("chart.js", "dist/chart.umd.min.js"), JS));

    void serve(HttpExchange exchange, String path) throws IOException {
        File file = FILES.get(path);
        if (file == null) {
            send(exchange, 404, error("not_found", "no such route"));
            return;
        }
        if (!exchange.getRequestMethod().equals("GET")) {
            exchange.getResponseHeaders().set("Allow", "GET");
            send(exchange, 405, error("method_not_allowed", "use GET"));
            return;
        }
        byte[] bytes;
        try (InputStream in = StaticFiles.class.getResourceAsStream(file.resource())) {
            if (in == null) throw new IllegalStateException("missing page resource " + file.resource());
            bytes = in.readAllBytes();
        }
        exchange.getResponseHeaders().set("Content-Type", file.contentType());
        exchange.getResponseHeaders().set("Cache-Control", "no-cache");
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    /**
     * The classpath resource of {@code path} in the npm WebJar {@code artifact}, under the version its jar names in its
     * {@code pom.properties}: the pom alone says which version is served.
     */
    static String webJar(String artifact, String path) {
        String properties = "/META-INF/maven/org.webjars.npm/" + artifact + "/pom.properties";
        Properties pom = new Properties();
        try (InputStream in = StaticFiles.class.getResourceAsStream(properties)) {
            if (in == null) throw new IllegalStateException("the WebJar " + artifact + " is not on the classpath");
            pom.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "/META-INF/resources/webjars/" + artifact + "/" + pom.getProperty("version") + "/" + path;
    }
}
