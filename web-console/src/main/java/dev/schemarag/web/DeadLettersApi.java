package dev.schemarag.web;

import static dev.schemarag.core.admin.AdminHttp.query;
import static dev.schemarag.core.admin.AdminHttp.send;
import static dev.schemarag.web.OpenApiDocument.json;
import static dev.schemarag.web.OpenApiDocument.operation;

import com.sun.net.httpserver.HttpExchange;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.Topics;
import dev.schemarag.core.questions.DeadLetterArchive;
import dev.schemarag.events.FailureRecord;
import dev.schemarag.events.QuestionAsked;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.ObjectSchema;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;

/** The dead-letter browser: counts per class, the records of one class with their cause, and replay. */
final class DeadLettersApi {
    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 1000;
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

    private final DeadLetterArchive archive;
    private final Topics topics;

    DeadLettersApi(DeadLetterArchive archive, Topics topics) {
        this.archive = archive;
        this.topics = topics;
    }

    List<ApiRoute> routes() {
        var list = operation("deadLetterCounts", "dead letters", "Records per dead-letter class");
        list.getResponses()
                .addApiResponse(
                        "200",
                        json(
                                "one entry per class: class, count, undecodable, partial",
                                new ArraySchema().items(new ObjectSchema())));
        var show = operation("deadLetters", "dead letters", "The latest records of one class, with their cause")
                .addParametersItem(OpenApiDocument.path("class", "dead-letter class, e.g. sql_error"))
                .addParametersItem(
                        OpenApiDocument.query("limit", "how many, newest first (default 50, at most 1000)", false));
        show.getResponses()
                .addApiResponse("200", json("records, newest first", new ObjectSchema()))
                .addApiResponse("400", OpenApiDocument.error("limit is not a number in range"))
                .addApiResponse("404", OpenApiDocument.error("no such dead-letter class"));
        var replay = operation(
                        "replayDeadLetters", "dead letters", "Send a class's records back to the start of the pipeline")
                .addParametersItem(OpenApiDocument.path("class", "dead-letter class, e.g. generation_unavailable"));
        replay.getResponses()
                .addApiResponse("200", json("replayed and total counts", new ObjectSchema()))
                .addApiResponse("404", OpenApiDocument.error("no such dead-letter class"));
        return List.of(
                new ApiRoute("GET", "/api/dlq", list, this::counts),
                new ApiRoute("GET", "/api/dlq/{class}", show, this::show),
                new ApiRoute("POST", "/api/dlq/{class}/replay", replay, this::replay));
    }

    private void counts(HttpExchange exchange, Map<String, String> parameters) throws IOException {
        List<Map<String, Object>> counts = new ArrayList<>();
        for (DeadLetterTopic dlq : DeadLetterTopic.values()) {
            DeadLetterArchive.DeadLetters read = archive.read(topics.deadLetter(dlq), READ_TIMEOUT);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("class", dlq.wireName());
            entry.put("count", read.records().size());
            entry.put("undecodable", read.undecodable().size());
            entry.put("partial", read.partial());
            counts.add(entry);
        }
        send(exchange, 200, counts);
    }

    private void show(HttpExchange exchange, Map<String, String> parameters) throws IOException {
        DeadLetterTopic dlq = deadLetterClass(parameters.get("class"));
        int limit = limit(query(exchange, "limit"));
        DeadLetterArchive.DeadLetters read = archive.read(topics.deadLetter(dlq), READ_TIMEOUT);
        List<FailureRecord> records = read.records();
        List<Map<String, Object>> newestFirst = new ArrayList<>();
        for (int i = records.size() - 1; i >= 0 && newestFirst.size() < limit; i--)
            newestFirst.add(view(records.get(i)));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("class", dlq.wireName());
        body.put("total", records.size());
        body.put("undecodable", read.undecodable());
        body.put("partial", read.partial());
        body.put("records", newestFirst);
        send(exchange, 200, body);
    }

    private void replay(HttpExchange exchange, Map<String, String> parameters) throws IOException {
        DeadLetterTopic dlq = deadLetterClass(parameters.get("class"));
        List<FailureRecord> records =
                archive.read(topics.deadLetter(dlq), READ_TIMEOUT).records();
        int replayed;
        try {
            replayed = archive.replay(records);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while replaying", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the records could not be sent", e);
        }
        send(exchange, 200, Map.of("class", dlq.wireName(), "replayed", replayed, "total", records.size()));
    }

    private Map<String, Object> view(FailureRecord f) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("timestamp", f.getTimestamp() == null ? null : f.getTimestamp().toEpochMilli());
        v.put("stage", f.getStage());
        v.put("errorClass", f.getErrorClass());
        v.put("sqlstate", f.getSqlstate());
        v.put("attempt", f.getAttempt());
        QuestionAsked question = archive.question(f);
        v.put("questionId", question == null ? null : question.getId());
        v.put("databaseId", question == null ? null : question.getDatabaseId());
        v.put("question", question == null ? null : question.getQuestion());
        v.put("correlationId", f.getCorrelationId());
        v.put("message", f.getMessage());
        v.put("replayable", DeadLetterArchive.replayable(f));
        return v;
    }

    private static DeadLetterTopic deadLetterClass(String name) {
        try {
            return DeadLetterTopic.byWireName(name);
        } catch (IllegalArgumentException e) {
            throw new WebServer.ApiError(404, "unknown_class", "no such dead-letter class");
        }
    }

    static int limit(String value) {
        if (value == null) return DEFAULT_LIMIT;
        try {
            int limit = Integer.parseInt(value);
            if (limit >= 1 && limit <= MAX_LIMIT) return limit;
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new WebServer.ApiError(400, "invalid_limit", "limit must be a number from 1 to " + MAX_LIMIT);
    }
}
