package dev.schemarag.core.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import dev.schemarag.core.http.HttpAllowList;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The admin endpoint every service runs (retrieval's and generation's are exactly this, with {@code /metrics}) over
 * real HTTP on loopback: what a foreign web page could send never reaches a route, and what curl or a probe sends
 * does. The tests' JVM lets the client choose its Host header ({@code jdk.httpclient.allowRestrictedHeaders}).
 */
class AdminServerTest {
    private static final String TOKEN = "admin-server-test-token-0123";
    private final HttpClient http = HttpClient.newHttpClient();
    /** A route that changes state, as ingest's sync does: it counts the requests that reached it. */
    private final AtomicInteger pokes = new AtomicInteger();

    private final AdminRoute poke = new AdminRoute() {
        @Override
        public boolean matches(String path) {
            return path.equals("/poke");
        }

        @Override
        public void handle(HttpExchange exchange, String path) throws IOException {
            if (!AdminHttp.allowed(exchange, "POST")) return;
            pokes.incrementAndGet();
            AdminHttp.send(exchange, 202, Map.of("poked", true));
        }
    };

    private AdminServer start(String token, HttpAllowList allowList) throws IOException {
        return new AdminServer("test", "127.0.0.1", 0, token, allowList, () -> true, List.of(), List.of(poke));
    }

    @Test
    void aHostNamingAnotherServerIsMisdirectedOnEveryRouteTheProbesIncluded() throws Exception {
        try (AdminServer server = start("", HttpAllowList.NONE)) {
            for (String path : List.of("/health", "/ready", "/poke", "/nothing")) {
                HttpResponse<String> rebound = send(request(server, path).header("Host", "attacker.example"));

                assertThat(rebound.statusCode()).as(path).isEqualTo(421);
                assertThat(rebound.body())
                        .isEqualTo("{\"code\":\"misdirected_request\",\"message\":\"this server does not answer to"
                                + " that host name\"}");
            }
            assertThat(send(request(server, "/health").header("Host", "attacker.example:" + server.port()))
                            .statusCode())
                    .isEqualTo(421);
            for (String host : List.of("localhost:" + server.port(), "LOCALHOST.", "127.0.0.1", "[::1]:1"))
                assertThat(send(request(server, "/health").header("Host", host)).statusCode())
                        .as(host)
                        .isEqualTo(200);
            assertThat(send(request(server, "/health")).statusCode())
                    .as("the client's own Host: 127.0.0.1:<port>")
                    .isEqualTo(200);
        }
    }

    @Test
    void anAllowedHostNameIsServedAsAComposeScraperNamesTheService() throws Exception {
        try (AdminServer server = start("", new HttpAllowList(List.of("retrieval"), List.of()))) {
            assertThat(send(request(server, "/health").header("Host", "retrieval:8082"))
                            .statusCode())
                    .isEqualTo(200);
            assertThat(send(request(server, "/health").header("Host", "generation:8083"))
                            .statusCode())
                    .isEqualTo(421);
        }
    }

    @Test
    void aForeignOriginIsRefusedBeforeTheTokenIsCheckedAndGetsNoCorsHeader() throws Exception {
        try (AdminServer server = start(TOKEN, HttpAllowList.NONE)) {
            HttpResponse<String> foreign = send(json(request(server, "/poke"))
                    .header("Authorization", "Bearer " + TOKEN)
                    .header("Origin", "http://attacker.example"));
            HttpResponse<String> sandboxed = send(request(server, "/health").header("Origin", "null"));

            assertThat(foreign.statusCode()).isEqualTo(403);
            assertThat(foreign.body()).contains("\"code\":\"origin_refused\"");
            assertThat(foreign.headers().firstValue("Access-Control-Allow-Origin"))
                    .isEmpty();
            assertThat(sandboxed.statusCode()).isEqualTo(403);
            assertThat(pokes).hasValue(0);

            HttpResponse<String> unauthorized =
                    send(json(request(server, "/poke")).header("Origin", "http://127.0.0.1:" + server.port()));
            assertThat(unauthorized.statusCode())
                    .as("its own origin passes on to the token check")
                    .isEqualTo(401);
        }
    }

    @Test
    void aStateChangingRequestMustBeJsonWhateverItsOrigin() throws Exception {
        try (AdminServer server = start("", HttpAllowList.NONE)) {
            for (String contentType : List.of("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"))
                assertThat(send(request(server, "/poke")
                                        .header("Content-Type", contentType)
                                        .POST(HttpRequest.BodyPublishers.ofString("{}")))
                                .statusCode())
                        .as(contentType)
                        .isEqualTo(415);
            HttpResponse<String> bare = send(request(server, "/poke").POST(HttpRequest.BodyPublishers.noBody()));
            assertThat(bare.statusCode()).isEqualTo(415);
            assertThat(bare.body()).contains("\"code\":\"unsupported_media_type\"");
            assertThat(pokes).hasValue(0);

            HttpResponse<String> poked = send(request(server, "/poke")
                    .header("Content-Type", "application/json; charset=utf-8")
                    .POST(HttpRequest.BodyPublishers.noBody()));
            assertThat(poked.statusCode()).isEqualTo(202);
            assertThat(pokes).hasValue(1);
        }
    }

    @Test
    void anAllowedOriginGetsItsPreflightAnsweredAndCorsHeadersOthersNone() throws Exception {
        String app = "https://dashboard.example.com";
        try (AdminServer server = start("", new HttpAllowList(List.of(), List.of(app)))) {
            HttpResponse<String> preflight = send(request(server, "/poke")
                    .header("Origin", app)
                    .header("Access-Control-Request-Method", "POST")
                    .header("Access-Control-Request-Headers", "content-type")
                    .method("OPTIONS", HttpRequest.BodyPublishers.noBody()));
            HttpResponse<String> poked = send(json(request(server, "/poke")).header("Origin", app));
            HttpResponse<String> other =
                    send(json(request(server, "/poke")).header("Origin", "https://other.example.com"));
            HttpResponse<String> local = send(request(server, "/health"));

            assertThat(preflight.statusCode()).isEqualTo(204);
            assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin"))
                    .hasValue(app);
            assertThat(preflight.headers().firstValue("Access-Control-Allow-Methods"))
                    .hasValue("GET, POST, DELETE");
            assertThat(preflight.headers().firstValue("Access-Control-Allow-Headers"))
                    .hasValueSatisfying(h -> assertThat(h).contains("Content-Type", "Authorization"));
            assertThat(poked.statusCode()).isEqualTo(202);
            assertThat(poked.headers().firstValue("Access-Control-Allow-Origin"))
                    .hasValue(app);
            assertThat(other.statusCode()).isEqualTo(403);
            assertThat(local.headers().firstValue("Access-Control-Allow-Origin"))
                    .isEmpty();
        }
    }

    private static HttpRequest.Builder request(AdminServer server, String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
    }

    private static HttpRequest.Builder json(HttpRequest.Builder request) {
        return request.header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}"));
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
