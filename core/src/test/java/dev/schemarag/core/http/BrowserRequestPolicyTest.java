package dev.schemarag.core.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.core.http.BrowserRequestPolicy.Preflight;
import dev.schemarag.core.http.BrowserRequestPolicy.Refuse;
import dev.schemarag.core.http.BrowserRequestPolicy.Request;
import dev.schemarag.core.http.BrowserRequestPolicy.Serve;
import dev.schemarag.core.http.BrowserRequestPolicy.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every rule of the policy and the spellings a client can use, without I/O: 200 stands for "served". */
class BrowserRequestPolicyTest {
    private static final BrowserRequestPolicy LOOPBACK =
            BrowserRequestPolicy.of(List.of("127.0.0.1"), HttpAllowList.NONE);
    private static final String APP = "https://app.example.com";
    private static final BrowserRequestPolicy BEHIND_PROXY = BrowserRequestPolicy.of(
            List.of("127.0.0.1"), new HttpAllowList(List.of("ingest", "Console.Example.COM."), List.of(APP)));

    @ParameterizedTest
    @ValueSource(
            strings = {
                "127.0.0.1:8080",
                "127.0.0.1",
                "localhost:8080",
                "localhost",
                "LOCALHOST:8080",
                "LocalHost",
                "localhost.",
                "localhost.:8080",
                "[::1]:8080",
                "[::1]",
                "[0:0:0:0:0:0:0:1]:8080",
                "[::ffff:127.0.0.1]:8080",
                "127.0.0.2:8080",
                "127.255.255.254",
                " localhost:8080 ",
                // Not this server's port: a published container port or a proxy changes it, and it is no defence.
                "localhost:9999",
                "127.0.0.1:1"
            })
    void loopbackNamesAreServedWithOrWithoutAPort(String host) {
        assertThat(status(LOOPBACK, get(host))).as(host).isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "attacker.example",
                "attacker.example:8080",
                "ATTACKER.example.",
                "localhost.attacker.example",
                "127.0.0.1.nip.io:8080",
                "localhost.localdomain",
                "sub.localhost",
                // Not canonical spellings of 127.0.0.1: names to this rule, and never resolved.
                "127.1",
                "2130706433",
                "0x7f.0.0.1",
                "127.0.0.256",
                "0.0.0.0:8080",
                "[::]:8080",
                "10.0.0.5",
                "[fe80::1]"
            })
    void aHostNamingAnotherServerIsMisdirected(String host) {
        Verdict verdict = LOOPBACK.judge(get(host));

        assertThat(verdict)
                .as(host)
                .isEqualTo(new Refuse(421, "misdirected_request", "this server does not answer to that host name"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "::1",
                "[::1",
                "[::1]8080",
                "[::1]:",
                "localhost:",
                "localhost:abc",
                "localhost:0",
                "localhost:65536",
                "localhost:123456",
                "localhost:80:80",
                "user@localhost",
                "localhost/path",
                "local host",
                "localhost, attacker.example",
                "[localhost]",
                "[1.2.3.4]",
                "-localhost",
                ".",
                "localhost.."
            })
    void aHostHeaderThatIsNoHostIsABadRequest(String host) {
        assertThat(LOOPBACK.judge(get(host)))
                .as(host)
                .isEqualTo(new Refuse(400, "invalid_host", "the Host header is not a host name or address"));
    }

    @Test
    void aRequestWithoutHostIsABadRequest() {
        Refuse missing = new Refuse(400, "missing_host", "the request has no Host header");

        assertThat(LOOPBACK.judge(get(null))).isEqualTo(missing);
        assertThat(LOOPBACK.judge(get(""))).isEqualTo(missing);
        assertThat(LOOPBACK.judge(get("  "))).isEqualTo(missing);
    }

    @Test
    void aServerBoundToAnAddressOrANameAnswersToItAsWellAsToLoopback() {
        BrowserRequestPolicy lan = BrowserRequestPolicy.of(List.of("192.168.1.5"), HttpAllowList.NONE);
        BrowserRequestPolicy named = BrowserRequestPolicy.of(List.of("Console.LAN"), HttpAllowList.NONE);
        BrowserRequestPolicy v6 = BrowserRequestPolicy.of(List.of("2001:db8::5"), HttpAllowList.NONE);

        assertThat(status(lan, get("192.168.1.5:8081"))).isEqualTo(200);
        assertThat(status(lan, get("localhost:8081"))).isEqualTo(200);
        assertThat(status(lan, get("192.168.1.6:8081"))).isEqualTo(421);
        assertThat(status(named, get("console.lan."))).isEqualTo(200);
        assertThat(status(named, get("CONSOLE.lan:8080"))).isEqualTo(200);
        assertThat(status(named, get("console.lan.attacker.example"))).isEqualTo(421);
        assertThat(status(v6, get("[2001:DB8:0:0:0:0:0:5]:8080"))).isEqualTo(200);
        assertThat(status(v6, get("[2001:db8::6]:8080"))).isEqualTo(421);
    }

    @Test
    void aWildcardBindingAnswersToTheMachinesAddressesButNotToTheWildcard() {
        BrowserRequestPolicy wildcard = BrowserRequestPolicy.of(
                List.of("0.0.0.0", "::", "10.0.0.7", "fe80:0:0:0:1:2:3:4%eth0"), HttpAllowList.NONE);

        assertThat(status(wildcard, get("10.0.0.7:8081"))).isEqualTo(200);
        assertThat(status(wildcard, get("[fe80::1:2:3:4]:8081"))).isEqualTo(200);
        assertThat(status(wildcard, get("localhost:8081"))).isEqualTo(200);
        assertThat(status(wildcard, get("0.0.0.0:8081"))).isEqualTo(421);
        assertThat(status(wildcard, get("[::]:8081"))).isEqualTo(421);
        assertThat(status(wildcard, get("ingest:8081")))
                .as("a compose service name needs HTTP_ALLOWED_HOSTS")
                .isEqualTo(421);
    }

    @Test
    void allowedHostNamesAreServedInAnySpelling() {
        assertThat(status(BEHIND_PROXY, get("ingest:8081"))).isEqualTo(200);
        assertThat(status(BEHIND_PROXY, get("INGEST"))).isEqualTo(200);
        assertThat(status(BEHIND_PROXY, get("console.example.com"))).isEqualTo(200);
        assertThat(status(BEHIND_PROXY, get("CONSOLE.example.com.:443"))).isEqualTo(200);
        assertThat(status(BEHIND_PROXY, get("retrieval:8082"))).isEqualTo(421);
        assertThat(status(BEHIND_PROXY, get("example.com"))).isEqualTo(421);
    }

    @Test
    void anAllowedHostOrOriginThatDoesNotParseIsRefusedWhenThePolicyIsBuilt() {
        assertThatThrownBy(
                        () -> BrowserRequestPolicy.of(List.of(), new HttpAllowList(List.of("ingest:8081"), List.of())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ingest:8081");
        assertThatThrownBy(() ->
                        BrowserRequestPolicy.of(List.of(), new HttpAllowList(List.of(), List.of("app.example.com"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("app.example.com");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://localhost:8080",
                "HTTP://LocalHost:8080",
                // A proxy in front may end TLS: the page's scheme is then https.
                "https://localhost:8080"
            })
    void thePagesOwnOriginIsServedWithoutCorsHeaders(String origin) {
        assertThat(LOOPBACK.judge(post("localhost:8080", origin, "application/json")))
                .as(origin)
                .isEqualTo(new Serve(Map.of()));
    }

    @Test
    void theOwnOriginIsTheHostTheRequestNamesWithTheSchemesDefaultPort() {
        assertThat(status(LOOPBACK, post("localhost", "http://localhost", "application/json")))
                .isEqualTo(200);
        assertThat(status(LOOPBACK, post("localhost", "http://localhost:80", "application/json")))
                .isEqualTo(200);
        assertThat(status(LOOPBACK, post("[::1]:8080", "http://[::1]:8080", "application/json")))
                .isEqualTo(200);
        assertThat(status(BEHIND_PROXY, post("console.example.com", "https://console.example.com", "application/json")))
                .isEqualTo(200);
        assertThat(status(
                        BEHIND_PROXY,
                        post("console.example.com:443", "http://console.example.com", "application/json")))
                .as("port 80 is not port 443")
                .isEqualTo(403);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "http://attacker.example",
                "http://attacker.example:8080",
                // Another port or address of the same machine is another origin: another local app's page.
                "http://localhost:3000",
                "http://localhost",
                "http://127.0.0.1:8080",
                "null",
                "NULL",
                "",
                "file://",
                "http://localhost:8080/",
                "http://localhost:8080/page",
                "ws://localhost:8080",
                "localhost:8080",
                "http://user@localhost:8080",
                "http://localhost:8080, http://attacker.example"
            })
    void anyOtherOriginIsRefusedWhateverTheRequest(String origin) {
        Refuse refused = new Refuse(403, "origin_refused", "requests from this web origin are refused");

        assertThat(LOOPBACK.judge(post("localhost:8080", origin, "application/json")))
                .as(origin)
                .isEqualTo(refused);
        assertThat(LOOPBACK.judge(new Request("GET", "localhost:8080", origin, null, null, false)))
                .as("a read from a rebinding or cross-site page: " + origin)
                .isEqualTo(refused);
    }

    @Test
    void anAllowedOriginGetsCorsHeadersAndOnlyItsExactSchemeHostAndPort() {
        Serve cors = new Serve(Map.of(
                "Access-Control-Allow-Origin", APP,
                "Access-Control-Expose-Headers", "Location, Retry-After, Mcp-Session-Id",
                "Vary", "Origin"));

        assertThat(BEHIND_PROXY.judge(post("localhost:8080", APP, "application/json")))
                .isEqualTo(cors);
        assertThat(status(BEHIND_PROXY, post("localhost:8080", "https://APP.example.com:443", "application/json")))
                .isEqualTo(200);
        assertThat(status(BEHIND_PROXY, post("localhost:8080", "http://app.example.com", "application/json")))
                .isEqualTo(403);
        assertThat(status(BEHIND_PROXY, post("localhost:8080", "https://app.example.com:8443", "application/json")))
                .isEqualTo(403);
        assertThat(status(BEHIND_PROXY, post("localhost:8080", "https://evil.app.example.com", "application/json")))
                .isEqualTo(403);
        assertThat(status(BEHIND_PROXY, post("localhost:8080", "null", "application/json")))
                .isEqualTo(403);
        assertThat(status(BEHIND_PROXY, post("localhost:8080", APP, "text/plain")))
                .as("an allowed origin still sends JSON")
                .isEqualTo(415);
    }

    @Test
    void aPreflightIsAnsweredForAnAllowedOriginOnly() {
        Request preflight = new Request("OPTIONS", "localhost:8080", APP, null, "POST", false);

        assertThat(BEHIND_PROXY.judge(preflight))
                .isEqualTo(new Preflight(Map.of(
                        "Access-Control-Allow-Origin", APP,
                        "Access-Control-Allow-Methods", "GET, POST, DELETE",
                        "Access-Control-Allow-Headers",
                                "Authorization, Content-Type, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID",
                        "Access-Control-Max-Age", "600",
                        "Vary", "Origin")));
        assertThat(status(LOOPBACK, preflight))
                .as("no allowed origins: no CORS")
                .isEqualTo(403);
        assertThat(status(
                        BEHIND_PROXY,
                        new Request("OPTIONS", "localhost:8080", "https://evil.example", null, "POST", false)))
                .isEqualTo(403);
        assertThat(BEHIND_PROXY.judge(new Request("OPTIONS", "localhost:8080", APP, null, null, false)))
                .as("OPTIONS without Access-Control-Request-Method is no preflight: the route answers it")
                .isInstanceOf(Serve.class);
        assertThat(status(BEHIND_PROXY, new Request("OPTIONS", "attacker.example", APP, null, "POST", false)))
                .isEqualTo(421);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "application/json",
                "application/json; charset=utf-8",
                "Application/JSON;charset=UTF-8",
                " application/json ",
                "application/json ; charset=\"utf-8\""
            })
    void aJsonContentTypeIsAccepted(String contentType) {
        assertThat(status(LOOPBACK, post("localhost:8080", null, contentType)))
                .as(contentType)
                .isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "text/plain",
                "text/plain; charset=utf-8",
                "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x",
                "application/jsonp",
                "application/json-seq",
                "text/json",
                "text/plain; application/json",
                "application/json, text/plain",
                ""
            })
    void anyOtherContentTypeOnAPostIsUnsupported(String contentType) {
        assertThat(LOOPBACK.judge(post("localhost:8080", null, contentType)))
                .as(contentType)
                .isEqualTo(
                        new Refuse(415, "unsupported_media_type", "send the body as Content-Type: application/json"));
    }

    @Test
    void everyStateChangingMethodNeedsJsonButABodilessDelete() {
        assertThat(status(LOOPBACK, post("localhost:8080", null, null)))
                .as("a POST without a body changes state too")
                .isEqualTo(415);
        for (String method : List.of("PUT", "PATCH", "post", "PROPFIND")) {
            assertThat(status(LOOPBACK, new Request(method, "localhost", null, "text/plain", null, true)))
                    .as(method)
                    .isEqualTo(415);
            assertThat(status(LOOPBACK, new Request(method, "localhost", null, "application/json", null, true)))
                    .as(method)
                    .isEqualTo(200);
        }
        assertThat(status(LOOPBACK, new Request("DELETE", "localhost", null, null, null, false)))
                .as("browsers preflight every DELETE; MCP clients end a session with one")
                .isEqualTo(200);
        assertThat(status(LOOPBACK, new Request("DELETE", "localhost", null, "text/plain", null, true)))
                .isEqualTo(415);
        for (String method : List.of("GET", "HEAD", "OPTIONS"))
            assertThat(status(LOOPBACK, new Request(method, "localhost", null, "text/plain", null, true)))
                    .as(method)
                    .isEqualTo(200);
    }

    @Test
    void theHostIsJudgedFirstThenTheOriginThenTheContentType() {
        assertThat(status(LOOPBACK, post("attacker.example", "http://attacker.example", "text/plain")))
                .isEqualTo(421);
        assertThat(status(LOOPBACK, post("localhost:8080", "http://attacker.example", "text/plain")))
                .isEqualTo(403);
        assertThat(status(LOOPBACK, post("localhost:8080", "http://localhost:8080", "text/plain")))
                .isEqualTo(415);
    }

    private static Request get(String host) {
        return new Request("GET", host, null, null, null, false);
    }

    private static Request post(String host, String origin, String contentType) {
        return new Request("POST", host, origin, contentType, null, true);
    }

    /** 200 when served, 204 for an answered preflight, else the refusal's status. */
    private static int status(BrowserRequestPolicy policy, Request request) {
        Verdict verdict = policy.judge(request);
        if (verdict instanceof Serve) return 200;
        if (verdict instanceof Preflight) return 204;
        return ((Refuse) verdict).status();
    }
}
