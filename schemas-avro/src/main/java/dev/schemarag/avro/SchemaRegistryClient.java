package dev.schemarag.avro;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link SchemaRegistry} over the Confluent Schema Registry REST API. Schema ids are
 * immutable, so lookups by id and registrations of an already known (subject, schema) pair are cached
 * and cost one HTTP call per JVM. With basic auth user info ({@code user:password}, as Confluent's
 * {@code basic.auth.user.info}) every request carries it in an {@code Authorization} header; it appears in no message.
 * The calls are plain blocking HTTP/1.1 ({@link HttpURLConnection}): the JDK's {@code HttpClient} keeps a selector
 * thread waiting in native code, and the JVM waits 300 ms for such threads when it exits, which every short-lived
 * command using the registry paid.
 *
 * <p>A registry that does not answer (connection refused, I/O error, timeout) or answers HTTP 5xx or 429 is asked
 * again with exponential backoff for up to the retry budget; then the call throws
 * {@link SchemaRegistryUnavailableException}. Any other error answer is a {@link SchemaRegistryException} at once.
 */
public final class SchemaRegistryClient implements SchemaRegistry {
    static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";
    /** Well below Kafka's default {@code max.poll.interval.ms} (300 s): a stream thread waiting for it is not fenced. */
    public static final Duration DEFAULT_RETRY_BUDGET = Duration.ofSeconds(30);

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Duration SHORTEST_TIMEOUT = Duration.ofSeconds(1);
    private static final int TOO_MANY_REQUESTS = 429;
    private static final Logger log = LoggerFactory.getLogger(SchemaRegistryClient.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private record SubjectSchema(String subject, Schema schema) {}

    private record Response(int status, String body) {}

    private final String baseUrl;
    private final String authorization;
    private final Duration retryBudget;
    private final Map<Integer, Schema> schemasById = new ConcurrentHashMap<>();
    private final Map<SubjectSchema, Integer> idsBySubjectSchema = new ConcurrentHashMap<>();

    /** A client of an open registry. */
    public SchemaRegistryClient(String baseUrl) {
        this(baseUrl, null);
    }

    /** A client sending HTTP basic auth when {@code basicAuthUserInfo} ({@code user:password}) is not null. */
    public SchemaRegistryClient(String baseUrl, String basicAuthUserInfo) {
        this(baseUrl, basicAuthUserInfo, DEFAULT_RETRY_BUDGET);
    }

    /** The same, retrying an unavailable registry for up to {@code retryBudget} (zero: one attempt). */
    public SchemaRegistryClient(String baseUrl, String basicAuthUserInfo, Duration retryBudget) {
        if (retryBudget.isNegative()) throw new IllegalArgumentException("retry budget must not be negative");
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.authorization = basicAuthUserInfo == null ? null : basicAuthorization(basicAuthUserInfo);
        this.retryBudget = retryBudget;
    }

    private static String basicAuthorization(String userInfo) {
        // The message leaves the value out: it holds the password.
        if (userInfo.indexOf(':') < 1) {
            throw new IllegalArgumentException("schema registry basic auth user info must have the form user:password");
        }
        return "Basic " + Base64.getEncoder().encodeToString(userInfo.getBytes(StandardCharsets.UTF_8));
    }

    public String baseUrl() {
        return baseUrl;
    }

    public Duration retryBudget() {
        return retryBudget;
    }

    @Override
    public int register(String subject, Schema schema) {
        SubjectSchema key = new SubjectSchema(subject, schema);
        Integer cached = idsBySubjectSchema.get(key);
        if (cached != null) {
            return cached;
        }
        JsonNode answer = send("POST", "/subjects/" + encode(subject) + "/versions", schemaBody(schema));
        int id = answer.path("id").asInt();
        idsBySubjectSchema.put(key, id);
        schemasById.putIfAbsent(id, schema);
        return id;
    }

    @Override
    public Schema getById(int id) {
        Schema cached = schemasById.get(id);
        if (cached != null) {
            return cached;
        }
        Schema schema =
                parse(send("GET", "/schemas/ids/" + id, null).path("schema").asText());
        schemasById.put(id, schema);
        return schema;
    }

    @Override
    public boolean isCompatible(String subject, Schema schema) {
        return send("POST", "/compatibility/subjects/" + encode(subject) + "/versions/latest", schemaBody(schema))
                .path("is_compatible")
                .asBoolean();
    }

    @Override
    public List<String> subjects() {
        List<String> subjects = new ArrayList<>();
        send("GET", "/subjects", null).forEach(node -> subjects.add(node.asText()));
        return subjects;
    }

    @Override
    public SchemaVersion latest(String subject) {
        JsonNode answer = send("GET", "/subjects/" + encode(subject) + "/versions/latest", null);
        return new SchemaVersion(
                answer.path("subject").asText(),
                answer.path("version").asInt(),
                answer.path("id").asInt(),
                parse(answer.path("schema").asText()));
    }

    private JsonNode send(String method, String path, String body) {
        Backoff backoff = new Backoff(retryBudget, System::nanoTime);
        for (int attempt = 1; ; attempt++) {
            String failure;
            IOException cause = null;
            if (Thread.currentThread().isInterrupted())
                throw new SchemaRegistryUnavailableException(
                        "Interrupted while calling schema registry " + method + " " + path, null);
            try {
                Response response = exchange(method, path, body, requestTimeout(backoff));
                if (!unavailable(response.status())) return answer(method, path, response);
                failure = "HTTP " + response.status();
            } catch (IOException e) {
                failure = e.toString();
                cause = e;
            }
            Optional<Duration> pause = backoff.nextPause();
            if (pause.isEmpty()) {
                throw new SchemaRegistryUnavailableException(
                        "Schema registry at " + baseUrl + " did not answer " + method + " " + path + " in " + attempt
                                + " attempt(s) over " + retryBudget.toMillis() + " ms: " + failure,
                        cause);
            }
            if (attempt == 1)
                log.warn(
                        "Schema registry at {} did not answer {} {} ({}); retrying for up to {} ms",
                        baseUrl,
                        method,
                        path,
                        failure,
                        retryBudget.toMillis());
            sleep(pause.get(), method, path);
        }
    }

    /** No answer yet, or not one about the request: the registry or a proxy before it is down or overloaded. */
    private static boolean unavailable(int status) {
        return status / 100 == 5 || status == TOO_MANY_REQUESTS;
    }

    /** Each attempt may take the rest of the budget (at least a second, at most ten). */
    private static Duration requestTimeout(Backoff backoff) {
        Duration remaining = backoff.remaining();
        if (remaining.compareTo(SHORTEST_TIMEOUT) < 0) return SHORTEST_TIMEOUT;
        return remaining.compareTo(TIMEOUT) < 0 ? remaining : TIMEOUT;
    }

    /**
     * One request. The timeout bounds the connection and each read; the answer is read to its end, so that the
     * connection goes back to the JDK's keep-alive cache for the next call.
     */
    private Response exchange(String method, String path, String body, Duration timeout) throws IOException {
        HttpURLConnection connection =
                (HttpURLConnection) URI.create(baseUrl + path).toURL().openConnection();
        int millis = Math.toIntExact(timeout.toMillis());
        connection.setConnectTimeout(millis);
        connection.setReadTimeout(millis);
        connection.setInstanceFollowRedirects(false);
        connection.setUseCaches(false);
        connection.setRequestMethod(method);
        connection.setRequestProperty("Accept", CONTENT_TYPE);
        connection.setRequestProperty("Content-Type", CONTENT_TYPE);
        if (authorization != null) {
            connection.setRequestProperty("Authorization", authorization);
        }
        if (body != null) {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            connection.setDoOutput(true);
            connection.setFixedLengthStreamingMode(bytes.length);
            try (OutputStream out = connection.getOutputStream()) {
                out.write(bytes);
            }
        }
        int status = connection.getResponseCode();
        InputStream answer = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
        if (answer == null) return new Response(status, "");
        try (answer) {
            return new Response(status, new String(answer.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    private JsonNode answer(String method, String path, Response response) {
        JsonNode answer = readJson(response.body());
        if (response.status() / 100 != 2) {
            throw error(response.status(), answer, response.body());
        }
        if (answer == null) {
            throw new SchemaRegistryException(
                    response.status(),
                    response.status(),
                    "Schema registry answered " + method + " " + path + " with a body that is not JSON");
        }
        return answer;
    }

    private static void sleep(Duration pause, String method, String path) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SchemaRegistryUnavailableException(
                    "Interrupted while waiting to call schema registry " + method + " " + path + " again", e);
        }
    }

    private static SchemaRegistryException error(int status, JsonNode answer, String rawBody) {
        if (answer != null && answer.has("error_code")) {
            return new SchemaRegistryException(
                    status,
                    answer.path("error_code").asInt(status),
                    answer.path("message").asText(rawBody));
        }
        return new SchemaRegistryException(status, status, "Schema registry answered HTTP " + status + ": " + rawBody);
    }

    private static JsonNode readJson(String body) {
        try {
            return body == null || body.isBlank() ? null : JSON.readTree(body);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private static String schemaBody(Schema schema) {
        return JSON.createObjectNode().put("schema", schema.toString()).toString();
    }

    private Schema parse(String schemaText) {
        try {
            return new Schema.Parser().parse(schemaText);
        } catch (SchemaParseException e) {
            throw new SchemaRegistryException(
                    200,
                    SchemaRegistryException.INVALID_SCHEMA,
                    "Schema registry at " + baseUrl + " returned a schema that is not valid Avro: " + e.getMessage());
        }
    }

    private static String encode(String subject) {
        return URLEncoder.encode(subject, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
