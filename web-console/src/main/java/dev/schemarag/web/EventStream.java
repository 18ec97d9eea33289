package dev.schemarag.web;

import static dev.schemarag.core.admin.AdminHttp.error;
import static dev.schemarag.core.admin.AdminHttp.send;
import static dev.schemarag.web.OpenApiDocument.operation;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code GET /api/events}: Server-Sent Events of the committed answers, results (without their rows), failures, schema
 * changes and catalog updates ({@link EventFeed}). Each event is {@code id: <topic>/<partition>/<offset>},
 * {@code event: <type>} and one {@code data:} line of JSON with type, topic, partition, offset, timestamp and data. A
 * comment line every {@link #HEARTBEAT_SECONDS} s keeps proxies from closing an idle stream and finds clients that
 * left. A client that reads too slowly to keep {@link #QUEUE} events queued is dropped rather than holding memory.
 */
final class EventStream {
    static final int MAX_SUBSCRIBERS = 16;
    static final int HEARTBEAT_SECONDS = 15;
    static final int QUEUE = 1000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final EventFeed feed;
    private final AtomicInteger subscribers = new AtomicInteger();

    EventStream(EventFeed feed) {
        this.feed = feed;
    }

    List<ApiRoute> routes() {
        var op = operation(
                "events",
                "events",
                "Server-Sent Events: answers, results, failures, schema changes and catalog updates as committed");
        op.getResponses()
                .addApiResponse(
                        "200",
                        new ApiResponse()
                                .description("text/event-stream; each event's data is a JSON object with type, topic,"
                                        + " partition, offset, timestamp and data")
                                .content(new Content()
                                        .addMediaType("text/event-stream", new MediaType().schema(new StringSchema()))))
                .addApiResponse("503", OpenApiDocument.error("too many event streams are open"));
        return List.of(new ApiRoute("GET", "/api/events", op, this::stream));
    }

    private void stream(HttpExchange exchange, Map<String, String> parameters) throws IOException {
        if (subscribers.incrementAndGet() > MAX_SUBSCRIBERS) {
            subscribers.decrementAndGet();
            send(exchange, 503, error("too_many_streams", "too many event streams are open; try again later"));
            return;
        }
        BlockingQueue<ConsoleEvent> queue = new LinkedBlockingQueue<>(QUEUE);
        AtomicInteger dropped = new AtomicInteger();
        Runnable unsubscribe = feed.subscribe(e -> {
            if (!queue.offer(e)) dropped.incrementAndGet();
        });
        try {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
            exchange.getResponseHeaders().set("Cache-Control", "no-store");
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            write(out, ": schemarag events\n\n");
            while (dropped.get() == 0) {
                ConsoleEvent event = queue.poll(HEARTBEAT_SECONDS, TimeUnit.SECONDS);
                write(out, event == null ? ": heartbeat\n\n" : frame(event));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException clientLeft) {
            // the client closed the stream: nothing to answer
        } finally {
            unsubscribe.run();
            subscribers.decrementAndGet();
        }
    }

    static String frame(ConsoleEvent event) throws IOException {
        return "id: " + event.topic() + "/" + event.partition() + "/" + event.offset() + "\nevent: " + event.type()
                + "\ndata: " + JSON.writeValueAsString(event) + "\n\n";
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
