package dev.schemarag.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The listener's access rule and error shapes, with routes whose handlers are never reached. */
class WebServerTest {
    private static final String TOKEN = "0123456789abcdef-token";
    private final HttpClient http = HttpClient.newHttpClient();

    private static List<ApiRoute> routes() {
        return new DeadLettersApi(null, null).routes();
    }

    @Test
    void aNonLoopbackBindingWithoutATokenNeverStarts() {
        assertThatThrownBy(() -> new WebServer("0.0.0.0", 0, "", () -> true, routes()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("SCHEMARAG_ADMIN_TOKEN");
    }

    @Test
    void withATokenEveryRouteThePageIncludedNeedsIt() throws Exception {
        try (WebServer server = new WebServer("127.0.0.1", 0, TOKEN, () -> true, routes())) {
            for (String path : List.of("/", "/app.js", "/api/openapi.json", "/api/dlq")) {
                HttpResponse<String> refused = get(server, path, null);
                assertThat(refused.statusCode()).as(path).isEqualTo(401);
                assertThat(refused.body()).contains("\"code\":\"unauthorized\"");
                assertThat(refused.headers().firstValue("Set-Cookie")).isEmpty();
            }
            assertThat(get(server, "/api/openapi.json", "Bearer wrong-token-of-some-length")
                            .statusCode())
                    .isEqualTo(401);
            assertThat(get(server, "/ready", null).statusCode()).isEqualTo(200);
            HttpResponse<String> page = get(server, "/", "Bearer " + TOKEN);
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.body()).contains("<title>SchemaRAG console</title>");
            assertThat(page.headers().firstValue("Content-Security-Policy"))
                    .hasValueSatisfying(csp -> assertThat(csp).contains("default-src 'self'"));
        }
    }

    @Test
    void unknownRoutesAndWrongMethodsAnswerACodeAndASafeMessage() throws Exception {
        try (WebServer server = new WebServer("127.0.0.1", 0, "", () -> false, routes())) {
            HttpResponse<String> missing = get(server, "/api/nothing", null);
            assertThat(missing.statusCode()).isEqualTo(404);
            assertThat(missing.body()).isEqualTo("{\"code\":\"not_found\",\"message\":\"no such route\"}");
            HttpResponse<String> wrongMethod = get(server, "/api/dlq/sql_error/replay", null);
            assertThat(wrongMethod.statusCode()).isEqualTo(405);
            assertThat(wrongMethod.headers().firstValue("Allow")).hasValue("POST");
            assertThat(get(server, "/../../etc/passwd", null).statusCode()).isEqualTo(404);
            HttpResponse<String> health = get(server, "/health", null);
            assertThat(health.statusCode()).isEqualTo(503);
            assertThat(health.body()).isEqualTo("{\"status\":\"DOWN\"}");
        }
    }

    private HttpResponse<String> get(WebServer server, String path, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        if (authorization != null) request.header("Authorization", authorization);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
