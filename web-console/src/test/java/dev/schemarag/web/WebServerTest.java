package dev.schemarag.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.admin.AdminHttp;
import dev.schemarag.core.admin.Caller;
import dev.schemarag.core.admin.PrincipalTokens;
import dev.schemarag.core.http.HttpAllowList;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The listener's access rules and error shapes over real HTTP on loopback: the token, and what a foreign web page could
 * send (the tests' JVM lets the client choose its Host header).
 */
class WebServerTest {
    private static final String TOKEN = "0123456789abcdef-token";
    private final HttpClient http = HttpClient.newHttpClient();
    private final List<String> asked = new CopyOnWriteArrayList<>();

    private static List<ApiRoute> routes() {
        return new DeadLettersApi(null, null).routes();
    }

    @Test
    void aNonLoopbackBindingWithoutATokenNeverStarts() {
        assertThatThrownBy(() ->
                        new WebServer("0.0.0.0", 0, "", PrincipalTokens.NONE, HttpAllowList.NONE, () -> true, routes()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("SCHEMARAG_ADMIN_TOKEN");
    }

    @Test
    void withATokenEveryRouteThePageIncludedNeedsIt() throws Exception {
        try (WebServer server =
                new WebServer("127.0.0.1", 0, TOKEN, PrincipalTokens.NONE, HttpAllowList.NONE, () -> true, routes())) {
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
    void aPrincipalsTokenReachesOnlyTheRoutesForAnyCallerAndTheHandlerKnowsWhoCalls() throws Exception {
        List<Caller> callers = new CopyOnWriteArrayList<>();
        List<ApiRoute> routes = new ArrayList<>(routes());
        routes.add(new ApiRoute(
                "GET",
                "/api/mine",
                OpenApiDocument.operation("mine", "test", "records the caller"),
                (exchange, p) -> {
                    callers.add(WebServer.caller(exchange));
                    AdminHttp.send(exchange, 200, Map.of());
                },
                ApiRoute.Audience.ANY_CALLER));
        PrincipalTokens principals = PrincipalTokens.load(tokensFile("sales", "sales-token-0123456789"));
        try (WebServer server =
                new WebServer("127.0.0.1", 0, TOKEN, principals, HttpAllowList.NONE, () -> true, routes)) {
            HttpResponse<String> operatorsRoute = get(server, "/api/dlq", "Bearer sales-token-0123456789");

            assertThat(operatorsRoute.statusCode()).isEqualTo(403);
            assertThat(operatorsRoute.body()).contains("\"code\":\"forbidden\"");
            assertThat(get(server, "/api/mine", "Bearer sales-token-0123456789").statusCode())
                    .isEqualTo(200);
            assertThat(get(server, "/api/mine", "Bearer " + TOKEN).statusCode()).isEqualTo(200);
            assertThat(get(server, "/api/mine", null).statusCode()).isEqualTo(401);
            assertThat(callers).containsExactly(new Caller.Principal("sales"), new Caller.Operator(false));
        }
    }

    @Test
    void onLoopbackWithoutAnAdminTokenPrincipalTokensStillCloseTheServerToCallersWithoutOne() throws Exception {
        PrincipalTokens principals = PrincipalTokens.load(tokensFile("sales", "sales-token-0123456789"));
        try (WebServer server =
                new WebServer("127.0.0.1", 0, "", principals, HttpAllowList.NONE, () -> true, routes())) {
            assertThat(get(server, "/", null).statusCode()).isEqualTo(401);
            assertThat(get(server, "/", "Bearer sales-token-0123456789").statusCode())
                    .isEqualTo(200);
        }
    }

    private static String tokensFile(String principal, String token) throws java.io.IOException {
        java.nio.file.Path file = java.nio.file.Files.createTempFile("principal-tokens", "");
        file.toFile().deleteOnExit();
        java.nio.file.Files.writeString(file, "# test\n" + PrincipalTokens.line(principal, token) + "\n");
        return file.toString();
    }

    @Test
    void unknownRoutesAndWrongMethodsAnswerACodeAndASafeMessage() throws Exception {
        try (WebServer server =
                new WebServer("127.0.0.1", 0, "", PrincipalTokens.NONE, HttpAllowList.NONE, () -> false, routes())) {
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

    @Test
    void aPageOnAnotherSiteOrARebindingNameCannotReadOrDriveTheConsoleWithoutAToken() throws Exception {
        try (WebServer server =
                new WebServer("127.0.0.1", 0, "", PrincipalTokens.NONE, HttpAllowList.NONE, () -> true, withAsk())) {
            for (String path : List.of("/", "/app.js", "/api/openapi.json", "/api/dlq", "/api/events", "/health")) {
                HttpResponse<String> rebound =
                        send(request(server, path).header("Host", "attacker.example:" + server.port()));
                assertThat(rebound.statusCode()).as(path).isEqualTo(421);
                assertThat(rebound.body()).contains("\"code\":\"misdirected_request\"");
            }
            HttpResponse<String> crossSite = send(request(server, "/api/ask")
                    .header("Origin", "http://attacker.example")
                    .header("Content-Type", "text/plain")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"db\":\"erp\",\"question\":\"x\"}")));
            HttpResponse<String> crossSiteRead =
                    send(request(server, "/api/dlq").header("Origin", "http://attacker.example"));
            HttpResponse<String> sandboxed =
                    send(json(request(server, "/api/ask"), "{}").header("Origin", "null"));
            HttpResponse<String> plain = send(request(server, "/api/ask")
                    .header("Content-Type", "text/plain;charset=UTF-8")
                    .POST(HttpRequest.BodyPublishers.ofString("{}")));
            HttpResponse<String> replayWithoutJson =
                    send(request(server, "/api/dlq/sql_error/replay").POST(HttpRequest.BodyPublishers.noBody()));

            assertThat(crossSite.statusCode()).isEqualTo(403);
            assertThat(crossSite.body()).contains("\"code\":\"origin_refused\"");
            assertThat(crossSite.headers().firstValue("Access-Control-Allow-Origin"))
                    .isEmpty();
            assertThat(crossSiteRead.statusCode()).isEqualTo(403);
            assertThat(sandboxed.statusCode()).isEqualTo(403);
            assertThat(plain.statusCode()).isEqualTo(415);
            assertThat(plain.body()).contains("\"code\":\"unsupported_media_type\"");
            assertThat(replayWithoutJson.statusCode()).isEqualTo(415);
            assertThat(asked).as("no refused request reached a handler").isEmpty();
        }
    }

    @Test
    void thePagesOwnRequestsAndScriptsOnTheMachineAreServed() throws Exception {
        try (WebServer server =
                new WebServer("127.0.0.1", 0, "", PrincipalTokens.NONE, HttpAllowList.NONE, () -> true, withAsk())) {
            String own = "http://localhost:" + server.port();
            HttpResponse<String> fromThePage = send(json(request(server, "/api/ask"), "{\"q\":1}")
                    .header("Host", "localhost:" + server.port())
                    .header("Origin", own));
            HttpResponse<String> fromAScript = send(json(request(server, "/api/ask"), "{\"q\":2}"));
            HttpResponse<String> page = send(request(server, "/").header("Host", "LOCALHOST:" + server.port()));

            assertThat(fromThePage.statusCode()).isEqualTo(200);
            assertThat(fromThePage.headers().firstValue("Access-Control-Allow-Origin"))
                    .as("no CORS header unless HTTP_ALLOWED_ORIGINS lists an origin")
                    .isEmpty();
            assertThat(fromAScript.statusCode()).isEqualTo(200);
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(asked).containsExactly("{\"q\":1}", "{\"q\":2}");
        }
    }

    @Test
    void theChartingLibraryIsServedFromItsWebJarWithThePagesScripts() throws Exception {
        try (WebServer server =
                new WebServer("127.0.0.1", 0, "", PrincipalTokens.NONE, HttpAllowList.NONE, () -> true, routes())) {
            HttpResponse<String> chart = send(request(server, StaticFiles.CHART_JS));
            HttpResponse<String> results = send(request(server, "/results.js"));
            HttpResponse<String> page = send(request(server, "/"));

            assertThat(chart.statusCode()).isEqualTo(200);
            assertThat(chart.headers().firstValue("Content-Type")).hasValue("text/javascript; charset=utf-8");
            assertThat(chart.body()).startsWith("/*!").contains("Chart.js v4.");
            assertThat(results.statusCode()).isEqualTo(200);
            assertThat(results.body()).contains("function chartFor(columns)");
            assertThat(page.body())
                    .contains("<script src=\"" + StaticFiles.CHART_JS + "\" defer></script>")
                    .contains("<script src=\"/results.js\" defer></script>");
        }
        assertThat(StaticFiles.webJar("chart.js", "dist/chart.umd.min.js"))
                .matches("/META-INF/resources/webjars/chart\\.js/4\\.[0-9.]+/dist/chart\\.umd\\.min\\.js");
    }

    @Test
    void thePageSendsItsApiCallsAsJson() throws Exception {
        try (InputStream in = WebServerTest.class.getResourceAsStream("/dev/schemarag/web/static/app.js")) {
            String script = new String(in.readAllBytes(), StandardCharsets.UTF_8);

            assertThat(script)
                    .as("every fetch goes through api(), which sends Content-Type: application/json")
                    .contains("fetch(path, { ...options, headers: { 'Content-Type': 'application/json' } })");
            assertThat(script.split("fetch\\(", -1)).hasSize(2);
        }
        try (InputStream in = WebServerTest.class.getResourceAsStream("/dev/schemarag/web/static/results.js")) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                    .as("the rows' CSV is made in the page")
                    .doesNotContain("fetch(");
        }
    }

    /** The dead-letter routes (their handlers are never reached here) and {@code POST /api/ask}, recording bodies. */
    private List<ApiRoute> withAsk() {
        List<ApiRoute> routes = new ArrayList<>(routes());
        routes.add(
                new ApiRoute("POST", "/api/ask", OpenApiDocument.operation("ask", "test", "records"), (exchange, p) -> {
                    asked.add(new String(WebServer.body(exchange, 1024), StandardCharsets.UTF_8));
                    AdminHttp.send(exchange, 200, Map.of());
                }));
        return routes;
    }

    private static HttpRequest.Builder request(WebServer server, String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
    }

    private static HttpRequest.Builder json(HttpRequest.Builder request, String body) {
        return request.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(WebServer server, String path, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
        if (authorization != null) request.header("Authorization", authorization);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
