package dev.schemarag.web;

import com.sun.net.httpserver.HttpExchange;
import io.swagger.v3.oas.models.Operation;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One route of the HTTP API: its method, its path template ({@code /api/questions/{id}}), its OpenAPI operation, its
 * handler and who may call it. The OpenAPI document is built from these, so a route cannot be served without being described.
 */
public record ApiRoute(String method, String path, Operation operation, Handler handler, Audience audience) {

    /** Who may call a route: the operator only, or a principal with its own token as well. */
    public enum Audience {
        OPERATOR,
        /** Routes that answer a caller about its own questions, as its role: ask, read an outcome, a context. */
        ANY_CALLER
    }

    /** An operator's route: event feeds and dead letters show every asker's questions and rows. */
    public ApiRoute(String method, String path, Operation operation, Handler handler) {
        this(method, path, operation, handler, Audience.OPERATOR);
    }

    /** Answers one request; {@code parameters} holds the path template's values, URL-decoded. */
    @FunctionalInterface
    public interface Handler {
        void handle(HttpExchange exchange, Map<String, String> parameters) throws IOException;
    }

    /** The template's values when {@code rawPath} matches it, segment by segment. */
    Optional<Map<String, String>> match(String rawPath) {
        String[] template = path.split("/", -1);
        String[] actual = rawPath.split("/", -1);
        if (template.length != actual.length) return Optional.empty();
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < template.length; i++) {
            if (template[i].startsWith("{") && template[i].endsWith("}")) {
                if (actual[i].isEmpty()) return Optional.empty();
                String value;
                try {
                    value = java.net.URLDecoder.decode(actual[i], java.nio.charset.StandardCharsets.UTF_8);
                } catch (IllegalArgumentException badEscape) {
                    return Optional.empty();
                }
                values.put(template[i].substring(1, template[i].length() - 1), value);
            } else if (!template[i].equals(actual[i])) return Optional.empty();
        }
        return Optional.of(values);
    }
}
