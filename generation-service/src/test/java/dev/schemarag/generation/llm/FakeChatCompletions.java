package dev.schemarag.generation.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The LLM boundary for integration tests: a local chat-completions endpoint. Each scripted question (matched as a
 * substring of the user message) answers its queued SQL in order, the last one repeating; a question scripted
 * to fail answers that HTTP status as many times as asked first, with {@code Retry-After-Ms: 1} so that the SDK
 * retries at once (not {@code Retry-After: 0}, on which OkHttp itself re-sends a 503); a question scripted to be
 * slow answers late. Every user message, and every raw request with its path
 * and Authorization header, is kept so a test can read what the model was told and how.
 */
public final class FakeChatCompletions implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final Map<String, Deque<String>> answers = new ConcurrentHashMap<>();
    private final Map<String, List<String>> prompts = new ConcurrentHashMap<>();
    private final Map<String, Failure> failures = new ConcurrentHashMap<>();
    private final Map<String, Duration> delays = new ConcurrentHashMap<>();
    private final List<String> paths = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<String> requests = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<String> authorizations = new java.util.concurrent.CopyOnWriteArrayList<>();

    private static final class Failure {
        final int status;
        int remaining;

        Failure(int status, int times) {
            this.status = status;
            this.remaining = times;
        }
    }

    public FakeChatCompletions() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/chat/completions", this::handle);
        server.start();
    }

    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    }

    public void answer(String question, String... sqls) {
        answers.put(question, new ArrayDeque<>(List.of(sqls)));
    }

    /** Answers {@code status} to the question's next {@code times} requests. */
    public void fail(String question, int status, int times) {
        failures.put(question, new Failure(status, times));
    }

    /** Answers the question's requests only after {@code delay}. */
    public void delay(String question, Duration delay) {
        delays.put(question, delay);
    }

    public List<String> requests() {
        return List.copyOf(requests);
    }

    public List<String> paths() {
        return List.copyOf(paths);
    }

    public List<String> authorizations() {
        return List.copyOf(authorizations);
    }

    public List<String> promptsFor(String question) {
        return prompts.getOrDefault(question, List.of());
    }

    private synchronized void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        requests.add(body);
        paths.add(exchange.getRequestURI().getPath());
        authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
        JsonNode request = JSON.readTree(body);
        String user = request.path("messages").path(1).path("content").asText();
        String question = java.util.stream.Stream.concat(answers.keySet().stream(), failures.keySet().stream())
                .filter(user::contains)
                .findFirst()
                .orElse("");
        prompts.computeIfAbsent(question, q -> new java.util.concurrent.CopyOnWriteArrayList<>())
                .add(user);
        if (delays.containsKey(question)) pause(delays.get(question));
        Failure failure = failures.get(question);
        Deque<String> queue = answers.get(question);
        if (failure != null && failure.remaining > 0 || queue == null) {
            int status = 404;
            if (failure != null && failure.remaining > 0) {
                failure.remaining--;
                status = failure.status;
            }
            exchange.getResponseHeaders().add("Retry-After-Ms", "1");
            respond(exchange, status, "{\"error\":{\"message\":\"scripted failure\"}}");
            return;
        }
        String sql = queue.size() > 1 ? queue.poll() : queue.peek();
        ObjectNode answer = JSON.createObjectNode()
                .put("query", sql)
                .put("explanation", "scripted")
                .put("confidence", 0.9);
        answer.putArray("tablesUsed").add("public.employees");
        ObjectNode response = JSON.createObjectNode()
                .put("id", "chatcmpl-test")
                .put("object", "chat.completion")
                .put("created", System.currentTimeMillis() / 1000)
                .put("model", request.path("model").asText());
        response.putArray("choices")
                .addObject()
                .put("index", 0)
                .put("finish_reason", "stop")
                .putObject("message")
                .put("role", "assistant")
                .put("content", answer.toString());
        respond(exchange, 200, response.toString());
    }

    private static void pause(Duration delay) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (var out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
