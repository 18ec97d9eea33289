package dev.schemarag.web;

import static dev.schemarag.core.admin.AdminHttp.query;
import static dev.schemarag.core.admin.AdminHttp.send;
import static dev.schemarag.web.OpenApiDocument.json;
import static dev.schemarag.web.OpenApiDocument.operation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import dev.schemarag.core.admin.Caller;
import dev.schemarag.core.config.Asker;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.questions.AskClient;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.events.QuestionAsked;
import io.swagger.v3.oas.models.media.BooleanSchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.RequestBody;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code POST /api/questions} and {@code GET /api/questions/{id}}: ask through Kafka, read the outcome by id. */
final class QuestionsApi {
    static final int MAX_BODY = 64 * 1024;
    static final Duration MAX_WAIT = Duration.ofSeconds(60);
    private static final Pattern WAIT = Pattern.compile("(\\d{1,6})(ms|s)");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final AskClient asker;
    private final EventFeed feed;

    QuestionsApi(AskClient asker, EventFeed feed) {
        this.asker = asker;
        this.feed = feed;
    }

    List<ApiRoute> routes() {
        var outcome = ViewSchemas.of(OutcomeView.class).description("the outcome, as `schemarag ask --json` prints it");
        ObjectSchema question = new ObjectSchema();
        question.addProperty(
                "db",
                new StringSchema()
                        .description("registered database id; absent: the question goes to the database its words"
                                + " point to clearly, or fails as ambiguous_database"));
        question.addProperty("question", new StringSchema());
        question.addProperty(
                "useRetrieval", new BooleanSchema().description("force RAG (true) or the full schema (false)"));
        question.addProperty(
                "sqlOnly",
                new BooleanSchema().description("true for the validated SQL alone, never executed (default false)"));
        question.addProperty(
                "principal",
                new StringSchema()
                        .description("ask as this principal; only on a console without tokens: with them, the"
                                + " principal is the token's"));
        question.setRequired(List.of("question"));
        var ask = operation("askQuestion", "questions", "Ask a question; with ?wait=10s, wait for its outcome")
                .addParametersItem(OpenApiDocument.query(
                        "wait", "how long to wait for the outcome, e.g. 10s or 500ms (at most 60s)", false))
                .requestBody(new RequestBody()
                        .required(true)
                        .content(new Content().addMediaType("application/json", new MediaType().schema(question))));
        ask.getResponses()
                .addApiResponse("200", json("the outcome, within the wait", outcome))
                .addApiResponse("202", json("accepted: {id} (and status pending)", new ObjectSchema()))
                .addApiResponse(
                        "400", OpenApiDocument.error("the body is not a question, or names a principal it may not"))
                .addApiResponse("413", OpenApiDocument.error("the body is too large"));
        var get = operation("getQuestion", "questions", "The outcome of a question, or pending")
                .addParametersItem(OpenApiDocument.path("id", "the question id"));
        get.getResponses()
                .addApiResponse("200", json("the outcome, or {id, status: pending}", outcome))
                .addApiResponse(
                        "404", OpenApiDocument.error("no question with this id is known here (or asked by another)"));
        return List.of(
                new ApiRoute("POST", "/api/questions", ask, this::ask, ApiRoute.Audience.ANY_CALLER),
                new ApiRoute("GET", "/api/questions/{id}", get, this::get, ApiRoute.Audience.ANY_CALLER));
    }

    private void ask(HttpExchange exchange, Map<String, String> parameters) throws IOException {
        Duration wait = wait(query(exchange, "wait"));
        JsonNode body;
        try {
            body = JSON.readTree(WebServer.body(exchange, MAX_BODY));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new WebServer.ApiError(400, "invalid_json", "the body is not JSON");
        }
        if (body == null || !body.isObject())
            throw new WebServer.ApiError(400, ErrorClass.INVALID_REQUEST.wireName(), "the body must be a JSON object");
        String db = body.hasNonNull("db") ? text(body, "db") : null;
        String question = text(body, "question");
        Boolean useRetrieval = flag(body, "useRetrieval");
        boolean sqlOnly = Boolean.TRUE.equals(flag(body, "sqlOnly"));
        Asker asking = asker(WebServer.caller(exchange), body.get("principal"));
        QuestionAsked asked;
        try {
            asked = asker.send(
                    db, question, useRetrieval, sqlOnly, asking.principal().orElse(null));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending", e);
        } catch (Exception e) {
            throw new IllegalStateException("the question could not be sent", e);
        }
        String id = asked.getId();
        feed.asked(id, asked.getTimestamp().toEpochMilli(), WebServer.caller(exchange));
        Optional<ConsoleEvent> outcome = Optional.empty();
        if (!wait.isZero()) {
            try {
                outcome = feed.awaitOutcome(id, wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (outcome.isPresent()) send(exchange, 200, outcome.get().outcome());
        else send(exchange, 202, Map.of("id", id, "status", "pending"));
    }

    private void get(HttpExchange exchange, Map<String, String> parameters) throws IOException {
        String id = parameters.get("id");
        // A principal learns nothing of another's question, not even that it exists.
        if (!feed.askedBy(id, WebServer.caller(exchange)))
            throw new WebServer.ApiError(
                    404, ErrorClass.UNKNOWN_QUESTION.wireName(), "no question with this id is known here");
        Optional<ConsoleEvent> outcome = feed.outcome(id);
        if (outcome.isPresent()) send(exchange, 200, outcome.get().outcome());
        else if (feed.pending(id)) send(exchange, 200, Map.of("id", id, "status", "pending"));
        else
            throw new WebServer.ApiError(
                    404, ErrorClass.UNKNOWN_QUESTION.wireName(), "no question with this id is known here");
    }

    private static Boolean flag(JsonNode body, String field) {
        JsonNode node = body.get(field);
        if (node == null || node.isNull()) return null;
        if (!node.isBoolean())
            throw new WebServer.ApiError(
                    400, ErrorClass.INVALID_REQUEST.wireName(), field + " must be true, false or absent");
        return node.booleanValue();
    }

    /** Who the question is asked as: the caller's token decides, a named principal only where no token is set. */
    private static Asker asker(Caller caller, JsonNode principal) {
        if (principal != null
                && !principal.isNull()
                && (!principal.isTextual() || principal.asText().isBlank()))
            throw new WebServer.ApiError(
                    400, ErrorClass.INVALID_REQUEST.wireName(), "principal must be a non-empty string or absent");
        try {
            return caller.asker(principal == null || principal.isNull() ? null : principal.asText());
        } catch (IllegalArgumentException e) {
            throw new WebServer.ApiError(400, ErrorClass.INVALID_REQUEST.wireName(), e.getMessage());
        }
    }

    private static String text(JsonNode body, String field) {
        JsonNode node = body.get(field);
        if (node == null || !node.isTextual() || node.asText().isBlank())
            throw new WebServer.ApiError(
                    400, ErrorClass.INVALID_REQUEST.wireName(), field + " must be a non-empty string");
        return node.asText();
    }

    /** {@code 10s} or {@code 500ms}, at most {@link #MAX_WAIT}; absent means do not wait. */
    static Duration wait(String value) {
        if (value == null) return Duration.ZERO;
        Matcher m = WAIT.matcher(value);
        if (!m.matches()) throw new WebServer.ApiError(400, "invalid_wait", "wait must look like 10s or 500ms");
        long amount = Long.parseLong(m.group(1));
        Duration d = m.group(2).equals("s") ? Duration.ofSeconds(amount) : Duration.ofMillis(amount);
        return d.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : d;
    }
}
