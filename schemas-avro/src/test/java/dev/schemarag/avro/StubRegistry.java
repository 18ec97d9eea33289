package dev.schemarag.avro;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

/** An in-test HTTP server answering canned registry responses by "METHOD path" and recording each request. */
final class StubRegistry implements AutoCloseable {
    record Answer(int status, String json) {}

    record Request(String method, String path, String contentType, String authorization, String body) {}

    private final HttpServer server;
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private final Map<String, Queue<Answer>> onceAnswers = new ConcurrentHashMap<>();
    final List<Request> requests = new CopyOnWriteArrayList<>();

    StubRegistry() {
        this(0);
    }

    /** On a given port (0: any free one). */
    StubRegistry(int port) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getRawPath();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            requests.add(new Request(
                    exchange.getRequestMethod(),
                    path,
                    exchange.getRequestHeaders().getFirst("Content-Type"),
                    exchange.getRequestHeaders().getFirst("Authorization"),
                    body));
            String key = exchange.getRequestMethod() + " " + path;
            Answer once =
                    onceAnswers.getOrDefault(key, new ConcurrentLinkedQueue<>()).poll();
            Answer answer = once != null
                    ? once
                    : answers.getOrDefault(
                            key, new Answer(404, "{\"error_code\":404,\"message\":\"HTTP 404 Not Found\"}"));
            byte[] bytes = answer.json().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", SchemaRegistryClient.CONTENT_TYPE);
            exchange.sendResponseHeaders(answer.status(), bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
    }

    StubRegistry answer(String methodAndPath, int status, String json) {
        answers.put(methodAndPath, new Answer(status, json));
        return this;
    }

    /** An answer given once, before the standing one of {@link #answer}. */
    StubRegistry answerOnce(String methodAndPath, int status, String json) {
        onceAnswers
                .computeIfAbsent(methodAndPath, k -> new ConcurrentLinkedQueue<>())
                .add(new Answer(status, json));
        return this;
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    long count(String method, String path) {
        return requests.stream()
                .filter(r -> r.method().equals(method) && r.path().equals(path))
                .count();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
