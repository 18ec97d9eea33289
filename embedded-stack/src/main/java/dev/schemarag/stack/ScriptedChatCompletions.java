package dev.schemarag.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.schemarag.core.http.HttpServers;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A scripted OpenAI-compatible chat-completions endpoint on 127.0.0.1, standing in for the LLM in tests and in
 * {@code bench chaos}. A scripted question (matched as a substring of the user message) answers its queued SQL in
 * order, the last one repeating; any other question gets the default answer if one is set, else HTTP 404. A question
 * scripted to fail answers that HTTP status as many times as asked first, with {@code Retry-After-Ms: 1} so that a
 * client retries at once (not {@code Retry-After: 0}, on which OkHttp itself re-sends a 503); a question scripted to
 * be slow answers late, without holding a thread meanwhile. A {@link Fault} switched on applies to every request until it is switched off, and the
 * requests each fault answered are counted, and so are the requests under way at once. Every user message, and every raw request with its path and
 * Authorization header, is kept so a test can read what the model was told and how.
 */
public final class ScriptedChatCompletions implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration DEFAULT_RETRY_AFTER = Duration.ofSeconds(1);

    /** How every request is answered while the fault is on. */
    public enum Fault {
        /** The script answers. */
        NONE,
        /** HTTP 500 with a JSON error body. */
        HTTP_500,
        /** HTTP 429 with {@code Retry-After} in whole seconds (1 unless given with {@link #fault(Fault, Duration)}). */
        HTTP_429,
        /** No answer at all until the fault is switched off or the endpoint closes: the client gives up first. */
        HANG,
        /** HTTP 200 with an HTML page instead of a chat completion. */
        NOT_A_COMPLETION,
        /** A chat completion whose message content is prose, not the JSON answer. */
        CONTENT_NOT_JSON,
        /** The script answers, late by the delay given with {@link #fault(Fault, Duration)}. */
        SLOW
    }

    private final HttpServer server;
    private final ExecutorService workers = Executors.newCachedThreadPool(daemon());
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(daemon());
    // Guarded by this: the script, the fault and what was asked.
    private final Map<String, Deque<String>> answers = new HashMap<>();
    private final Map<String, Failure> failures = new HashMap<>();
    private final Map<String, Duration> delays = new HashMap<>();
    private final Map<String, List<String>> prompts = new HashMap<>();
    private final List<String> paths = new ArrayList<>();
    private final List<String> requests = new ArrayList<>();
    private final List<String> authorizations = new ArrayList<>();
    private final Map<Fault, Long> answeredByFault = new EnumMap<>(Fault.class);
    private Function<String, String> defaultAnswer;
    private Function<String, List<String>> tableSelections;
    private int underWay;
    private int mostUnderWay;
    private Fault fault = Fault.NONE;
    private Duration faultDuration = Duration.ZERO;
    private boolean closed;

    private static final class Failure {
        final int status;
        int remaining;

        Failure(int status, int times) {
            this.status = status;
            this.remaining = times;
        }
    }

    /** Listens on a free port of 127.0.0.1. */
    public ScriptedChatCompletions() throws IOException {
        // A backlog for a burst of hundreds of new connections, as a client with that many calls under way opens.
        server = HttpServers.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        server.createContext("/v1/chat/completions", this::handle);
        // A thread per request being read or answered: a hanging answer must not hold up the others.
        server.setExecutor(workers);
        server.start();
    }

    /** The base URL to configure as {@code llm.base.url}, e.g. {@code http://127.0.0.1:41234/v1}. */
    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    }

    /** Answers {@code question}'s requests with these SQL statements in order, the last one repeating. */
    public synchronized void answer(String question, String... sqls) {
        answers.put(question, new ArrayDeque<>(List.of(sqls)));
    }

    /** Answers every question no {@link #answer} scripts with the SQL made from its user message. */
    public synchronized void answerAnyQuestion(Function<String, String> sqlForUserMessage) {
        defaultAnswer = sqlForUserMessage;
    }

    /** Answers every question no {@link #answer} scripts with {@code sql}. */
    public void answerAnyQuestion(String sql) {
        answerAnyQuestion(userMessage -> sql);
    }

    /**
     * Answers every table-selection request, one whose user message lists {@code Candidate tables:} (retrieval's
     * optional LLM selection step), with {@code {"tables": [...]}} made from its user message.
     */
    public synchronized void answerTableSelections(Function<String, List<String>> tablesForUserMessage) {
        tableSelections = tablesForUserMessage;
    }

    /** Answers {@code status} to the question's next {@code times} requests. */
    public synchronized void fail(String question, int status, int times) {
        failures.put(question, new Failure(status, times));
    }

    /** Answers the question's requests only after {@code delay}. */
    public synchronized void delay(String question, Duration delay) {
        delays.put(question, delay);
    }

    /** Switches every request to {@code fault} ({@link Fault#NONE}: back to the script); wakes hanging requests. */
    public void fault(Fault fault) {
        if (fault == Fault.SLOW) throw new IllegalArgumentException("SLOW needs its delay: fault(Fault.SLOW, delay)");
        fault(fault, fault == Fault.HTTP_429 ? DEFAULT_RETRY_AFTER : Duration.ZERO);
    }

    /**
     * Switches every request to {@code fault} with its duration: for {@link Fault#HTTP_429} the {@code Retry-After}
     * (whole seconds), for {@link Fault#SLOW} the delay of each answer.
     */
    public synchronized void fault(Fault fault, Duration duration) {
        if (duration.isNegative()) throw new IllegalArgumentException("negative duration " + duration);
        this.fault = fault;
        this.faultDuration = duration;
        notifyAll();
    }

    /** How many requests were answered while {@code fault} was on ({@link Fault#NONE}: by the script). */
    public synchronized long answered(Fault fault) {
        return answeredByFault.getOrDefault(fault, 0L);
    }

    public synchronized List<String> requests() {
        return List.copyOf(requests);
    }

    public synchronized List<String> paths() {
        return List.copyOf(paths);
    }

    public synchronized List<String> authorizations() {
        return List.copyOf(authorizations);
    }

    /** The most requests this endpoint was answering at one time: more than one when a client's calls overlap. */
    public synchronized int mostConcurrentRequests() {
        return mostUnderWay;
    }

    /** Counts {@link #mostConcurrentRequests} from now on, from the requests under way now. */
    public synchronized void resetMostConcurrentRequests() {
        mostUnderWay = underWay;
    }

    /** The user messages of a scripted question's requests, in order. */
    public synchronized List<String> promptsFor(String question) {
        return List.copyOf(prompts.getOrDefault(question, List.of()));
    }

    private void handle(HttpExchange exchange) throws IOException {
        begin();
        boolean answersLater = false;
        try {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            JsonNode request = JSON.readTree(body);
            String user = request.path("messages").path(1).path("content").asText();
            Reply reply = reply(exchange, body, user);
            String model = request.path("model").asText();
            if (!reply.delay().isZero()) {
                // A late answer holds no thread while it waits: hundreds of slow requests can be under way at once.
                timer.schedule(
                        () -> workers.execute(() -> finish(exchange, reply, model, user)),
                        reply.delay().toNanos(),
                        TimeUnit.NANOSECONDS);
                answersLater = true;
            } else {
                answer(exchange, reply, model, user);
            }
        } finally {
            if (!answersLater) {
                exchange.close();
                end();
            }
        }
    }

    /** Answers a request whose delay has passed, and ends it. */
    private void finish(HttpExchange exchange, Reply reply, String model, String user) {
        try {
            answer(exchange, reply, model, user);
        } catch (IOException e) {
            // The client went away while the answer was late: nothing to tell it.
        } finally {
            exchange.close();
            end();
        }
    }

    private void answer(HttpExchange exchange, Reply reply, String model, String user) throws IOException {
        if (reply.fault() == Fault.HANG) awaitFaultOff(); // then the connection closes without an answer
        else respond(exchange, reply, model, user);
    }

    private synchronized void begin() {
        mostUnderWay = Math.max(mostUnderWay, ++underWay);
    }

    private synchronized void end() {
        underWay--;
    }

    /** Records the request and decides its answer under the current script and fault. */
    private synchronized Reply reply(HttpExchange exchange, String body, String user) {
        requests.add(body);
        paths.add(exchange.getRequestURI().getPath());
        authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
        String question = Stream.concat(answers.keySet().stream(), failures.keySet().stream())
                .filter(user::contains)
                .findFirst()
                .orElse("");
        prompts.computeIfAbsent(question, q -> new ArrayList<>()).add(user);
        answeredByFault.merge(fault, 1L, Long::sum);
        Duration delay = delays.getOrDefault(question, Duration.ZERO);
        if (fault == Fault.SLOW) delay = delay.plus(faultDuration);
        if (fault != Fault.NONE && fault != Fault.SLOW) return new Reply(fault, delay, faultDuration, 0, null);
        if (tableSelections != null && user.contains("\nCandidate tables:\n")) {
            ObjectNode tables = JSON.createObjectNode();
            tableSelections.apply(user).forEach(tables.putArray("tables")::add);
            return new Reply(fault, delay, Duration.ZERO, 200, null, tables.toString());
        }
        Failure failure = failures.get(question);
        if (failure != null && failure.remaining > 0) {
            failure.remaining--;
            return new Reply(fault, delay, Duration.ZERO, failure.status, null);
        }
        Deque<String> queue = answers.get(question);
        if (queue != null)
            return new Reply(fault, delay, Duration.ZERO, 200, queue.size() > 1 ? queue.poll() : queue.peek());
        if (defaultAnswer != null) return new Reply(fault, delay, Duration.ZERO, 200, defaultAnswer.apply(user));
        return new Reply(fault, delay, Duration.ZERO, 404, null);
    }

    private synchronized void awaitFaultOff() {
        while (fault == Fault.HANG && !closed) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void respond(HttpExchange exchange, Reply reply, String model, String user) throws IOException {
        switch (reply.fault()) {
            case HTTP_500 -> send(exchange, 500, "application/json", error("scripted server error"));
            case HTTP_429 -> {
                exchange.getResponseHeaders()
                        .add("Retry-After", Long.toString(reply.retryAfter().toSeconds()));
                send(exchange, 429, "application/json", error("scripted rate limit"));
            }
            case NOT_A_COMPLETION ->
                send(exchange, 200, "text/html", "<html><body>502 Bad Gateway (scripted)</body></html>");
            case CONTENT_NOT_JSON ->
                send(exchange, 200, "application/json", completion(model, "Sure! Here is the SQL for: " + user));
            case NONE, SLOW, HANG -> { // HANG never gets here
                if (reply.status() != 200) {
                    exchange.getResponseHeaders().add("Retry-After-Ms", "1");
                    send(exchange, reply.status(), "application/json", error("scripted failure"));
                    return;
                }
                if (reply.content() != null) {
                    send(exchange, 200, "application/json", completion(model, reply.content()));
                    return;
                }
                ObjectNode answer = JSON.createObjectNode()
                        .put("query", reply.sql())
                        .put("explanation", "scripted")
                        .put("confidence", 0.9);
                answer.putArray("tablesUsed").add("public.employees");
                send(exchange, 200, "application/json", completion(model, answer.toString()));
            }
        }
    }

    private static String completion(String model, String content) {
        ObjectNode response = JSON.createObjectNode()
                .put("id", "chatcmpl-scripted")
                .put("object", "chat.completion")
                .put("created", System.currentTimeMillis() / 1000)
                .put("model", model);
        response.putArray("choices")
                .addObject()
                .put("index", 0)
                .put("finish_reason", "stop")
                .putObject("message")
                .put("role", "assistant")
                .put("content", content);
        return response.toString();
    }

    private static String error(String message) {
        ObjectNode error = JSON.createObjectNode();
        error.putObject("error").put("message", message);
        return error.toString();
    }

    private static void send(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", contentType);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static ThreadFactory daemon() {
        return task -> {
            Thread thread = new Thread(task, "scripted-chat-completions");
            thread.setDaemon(true);
            return thread;
        };
    }

    /**
     * @param retryAfter the Retry-After of an {@link Fault#HTTP_429}
     * @param status the HTTP status of a scripted answer (200 with {@code sql}, else a scripted failure or 404)
     */
    /** {@code content}, when set, is the message sent as it is instead of an answer made from {@code sql}. */
    private record Reply(Fault fault, Duration delay, Duration retryAfter, int status, String sql, String content) {
        Reply(Fault fault, Duration delay, Duration retryAfter, int status, String sql) {
            this(fault, delay, retryAfter, status, sql, null);
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        server.stop(0);
        timer.shutdownNow();
        workers.shutdownNow();
    }
}
