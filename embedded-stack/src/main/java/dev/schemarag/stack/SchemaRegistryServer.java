package dev.schemarag.stack;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.schemarag.core.http.HttpServers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.avro.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A schema registry speaking the subset of the Confluent REST API that SchemaRAG's serdes use, on
 * 127.0.0.1. Registrations are kept in Kafka ({@link SchemaLog}), so ids survive restarts of the
 * broker and the registry. Only Avro is supported; new versions must be BACKWARD compatible. Given basic auth
 * user info, it answers 401 to every request without it, as a Confluent registry with basic authentication does.
 */
public final class SchemaRegistryServer {
    private static final Logger LOG = LoggerFactory.getLogger(SchemaRegistryServer.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";

    private final String bootstrapServers;
    private final int port;
    private final byte[] requiredAuthorization;
    private final SubjectRegistry registry = new SubjectRegistry();
    private SchemaLog log;
    private HttpServer http;
    private ExecutorService workers;

    public SchemaRegistryServer(String bootstrapServers, int port) {
        this(bootstrapServers, port, null);
    }

    /** A registry that requires HTTP basic auth with {@code basicAuthUserInfo} ({@code user:password}; null: open). */
    public SchemaRegistryServer(String bootstrapServers, int port, String basicAuthUserInfo) {
        this.bootstrapServers = bootstrapServers;
        this.port = port;
        this.requiredAuthorization = basicAuthUserInfo == null
                ? null
                : ("Basic " + Base64.getEncoder().encodeToString(basicAuthUserInfo.getBytes(StandardCharsets.UTF_8)))
                        .getBytes(StandardCharsets.UTF_8);
    }

    public SchemaRegistryServer(StackConfig config) {
        this(config.bootstrapServers(), config.registryPort());
    }

    /** Replays {@value SchemaLog#TOPIC} from the beginning, then starts answering HTTP. */
    public synchronized void start() {
        if (http != null) {
            return;
        }
        SchemaLog schemaLog = new SchemaLog(bootstrapServers);
        List<RegisteredSchema> stored;
        try {
            stored = schemaLog.readAll();
            synchronized (registry) {
                stored.forEach(registry::apply);
            }
            http = HttpServers.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        } catch (IOException e) {
            schemaLog.close();
            throw new UncheckedIOException("schema registry cannot listen on 127.0.0.1:" + port, e);
        } catch (RuntimeException e) {
            schemaLog.close();
            throw e;
        }
        log = schemaLog;
        workers = Executors.newFixedThreadPool(2, runnable -> {
            Thread thread = new Thread(runnable, "schema-registry-http");
            thread.setDaemon(true);
            return thread;
        });
        http.setExecutor(workers);
        http.createContext("/", this::handle);
        http.start();
        LOG.info("Schema registry on {} serving {} stored registrations", url(), stored.size());
    }

    public synchronized void stop() {
        if (http == null) {
            return;
        }
        http.stop(0);
        workers.shutdownNow();
        log.close();
        http = null;
        LOG.info("Schema registry on {} stopped", url());
    }

    public synchronized boolean isRunning() {
        return http != null;
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    private void handle(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getRawPath();
        try (exchange) {
            if (!authorized(exchange)) {
                exchange.getResponseHeaders().set("WWW-Authenticate", "Basic realm=\"schema-registry\"");
                respond(exchange, 401, Map.of("error_code", 401, "message", "Unauthorized"));
                return;
            }
            try {
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                respond(exchange, 200, route(method, path, body));
            } catch (RegistryError e) {
                respond(exchange, e.status(), Map.of("error_code", e.errorCode(), "message", e.getMessage()));
            } catch (RuntimeException e) {
                LOG.error("Schema registry failed on {} {}", method, path, e);
                RegistryError error = RegistryError.storeFailure(e.toString());
                respond(
                        exchange,
                        error.status(),
                        Map.of("error_code", error.errorCode(), "message", error.getMessage()));
            }
        }
    }

    private boolean authorized(HttpExchange exchange) {
        if (requiredAuthorization == null) {
            return true;
        }
        String given = exchange.getRequestHeaders().getFirst("Authorization");
        // Constant time: the comparison does not tell how much of a guess was right.
        return given != null && MessageDigest.isEqual(requiredAuthorization, given.getBytes(StandardCharsets.UTF_8));
    }

    private Object route(String method, String path, String body) {
        List<String> segments = Arrays.stream(path.split("/"))
                .filter(s -> !s.isEmpty())
                .map(SchemaRegistryServer::decode)
                .toList();
        synchronized (registry) {
            if (matches(segments, "subjects")) {
                requireMethod("GET", method, path);
                return registry.subjects();
            }
            if (matches(segments, "subjects", "*", "versions")) {
                if (method.equals("POST")) {
                    return Map.of("id", register(segments.get(1), schemaOf(body)));
                }
                requireMethod("GET", method, path);
                return registry.versions(segments.get(1));
            }
            if (matches(segments, "subjects", "*", "versions", "*")) {
                requireMethod("GET", method, path);
                RegisteredSchema version = registry.version(segments.get(1), segments.get(3));
                return Map.of(
                        "subject",
                        version.subject(),
                        "version",
                        version.version(),
                        "id",
                        version.id(),
                        "schema",
                        version.schema().toString());
            }
            if (matches(segments, "compatibility", "subjects", "*", "versions", "*")) {
                requireMethod("POST", method, path);
                return Map.of("is_compatible", registry.isCompatible(segments.get(2), segments.get(4), schemaOf(body)));
            }
            if (matches(segments, "schemas", "ids", "*")) {
                requireMethod("GET", method, path);
                return Map.of(
                        "schema", registry.schemaById(schemaId(segments.get(2))).toString());
            }
            if (matches(segments, "config")) {
                requireMethod("GET", method, path);
                return Map.of("compatibilityLevel", SubjectRegistry.COMPATIBILITY_LEVEL);
            }
        }
        throw RegistryError.notFound(method, path);
    }

    /** Called with the registry locked, so ids are handed out in order and stored before they are used. */
    private int register(String subject, Schema schema) {
        RegisteredSchema registered = registry.prepare(subject, schema);
        if (!registry.contains(registered)) {
            log.append(registered);
            registry.apply(registered);
            LOG.info(
                    "Registered schema {} as version {} of subject {} (id {})",
                    schema.getFullName(),
                    registered.version(),
                    subject,
                    registered.id());
        }
        return registered.id();
    }

    private static Schema schemaOf(String body) {
        JsonNode request;
        try {
            request = JSON.readTree(body);
        } catch (JsonProcessingException e) {
            throw RegistryError.invalidSchema("the request body is not JSON: " + e.getOriginalMessage());
        }
        if (request == null || !request.path("schema").isTextual()) {
            throw RegistryError.invalidSchema("the request body needs a \"schema\" string");
        }
        String schemaType = request.path("schemaType").asText("AVRO");
        if (!schemaType.equals("AVRO")) {
            throw RegistryError.invalidSchema("only AVRO schemas are supported, not " + schemaType);
        }
        return SubjectRegistry.parse(request.get("schema").asText());
    }

    private static int schemaId(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw RegistryError.schemaNotFound(text);
        }
    }

    private static boolean matches(List<String> segments, String... pattern) {
        if (segments.size() != pattern.length) {
            return false;
        }
        for (int i = 0; i < pattern.length; i++) {
            if (!pattern[i].equals("*") && !pattern[i].equals(segments.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static void requireMethod(String expected, String method, String path) {
        if (!expected.equals(method)) {
            throw RegistryError.methodNotAllowed(method, path);
        }
    }

    private static String decode(String segment) {
        return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static void respond(HttpExchange exchange, int status, Object body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }
}
