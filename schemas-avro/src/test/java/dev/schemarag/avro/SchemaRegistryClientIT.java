package dev.schemarag.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.events.QuestionAsked;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.kafka.common.errors.RetriableException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SchemaRegistryClientIT {
    private static final Schema SCHEMA = QuestionAsked.getClassSchema();
    private final StubRegistry stub = new StubRegistry();
    private final SchemaRegistryClient client = new SchemaRegistryClient(stub.url());

    @AfterEach
    void stop() {
        stub.close();
    }

    @Test
    void registerPostsTheSchemaJsonAndReturnsTheId() throws IOException {
        stub.answer("POST /subjects/questions-value/versions", 200, "{\"id\":7}");

        int id = client.register("questions-value", SCHEMA);

        assertThat(id).isEqualTo(7);
        StubRegistry.Request request = stub.requests.get(0);
        assertThat(request.contentType()).isEqualTo("application/vnd.schemaregistry.v1+json");
        String posted =
                new ObjectMapper().readTree(request.body()).path("schema").asText();
        assertThat(new Schema.Parser().parse(posted)).isEqualTo(SCHEMA);
    }

    @Test
    void registeringTheSameSchemaTwiceCallsTheRegistryOnce() {
        stub.answer("POST /subjects/questions-value/versions", 200, "{\"id\":7}");

        client.register("questions-value", SCHEMA);
        client.register("questions-value", SCHEMA);

        assertThat(stub.count("POST", "/subjects/questions-value/versions")).isEqualTo(1);
    }

    @Test
    void getByIdParsesTheSchemaAndCachesIt() {
        stub.answer("GET /schemas/ids/3", 200, "{\"schema\":" + quoted(SCHEMA.toString()) + "}");

        assertThat(client.getById(3)).isEqualTo(SCHEMA);
        assertThat(client.getById(3)).isEqualTo(SCHEMA);
        assertThat(stub.count("GET", "/schemas/ids/3")).isEqualTo(1);
    }

    @Test
    void anErrorAnswerCarriesStatusErrorCodeAndMessage() {
        stub.answer(
                "POST /subjects/questions-value/versions",
                409,
                "{\"error_code\":409,\"message\":\"Schema being registered is incompatible\"}");

        assertThatThrownBy(() -> client.register("questions-value", SCHEMA))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.status()).isEqualTo(409);
                    assertThat(e.errorCode()).isEqualTo(409);
                    assertThat(e.getMessage()).isEqualTo("Schema being registered is incompatible");
                });
    }

    @Test
    void anUnknownSubjectGives40401() {
        stub.answer(
                "GET /subjects/nope-value/versions/latest",
                404,
                "{\"error_code\":40401,\"message\":\"Subject 'nope-value' not found.\"}");

        assertThatThrownBy(() -> client.latest("nope-value"))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(SchemaRegistryException.SUBJECT_NOT_FOUND));
    }

    @Test
    void aNonJsonErrorKeepsTheHttpStatusAsErrorCode() {
        stub.answer("GET /subjects", 400, "Bad Request");

        assertThatThrownBy(client::subjects).isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(400);
            assertThat(e.getMessage()).contains("HTTP 400").contains("Bad Request");
        });
    }

    @Test
    void serverErrorsAndTooManyRequestsAreRetriedUntilTheRegistryAnswers() {
        stub.answerOnce("GET /schemas/ids/3", 503, "Service Unavailable")
                .answerOnce("GET /schemas/ids/3", 502, "Bad Gateway")
                .answerOnce("GET /schemas/ids/3", 429, "{\"error_code\":429,\"message\":\"slow down\"}")
                .answer("GET /schemas/ids/3", 200, "{\"schema\":" + quoted(SCHEMA.toString()) + "}");

        assertThat(client.getById(3)).isEqualTo(SCHEMA);
        assertThat(stub.count("GET", "/schemas/ids/3")).isEqualTo(4);
    }

    @Test
    void aRegistryAnsweringServerErrorsForTheWholeBudgetIsUnavailable() {
        stub.answer("POST /subjects/questions-value/versions", 500, "{\"error_code\":50001,\"message\":\"store\"}");
        SchemaRegistryClient brief = new SchemaRegistryClient(stub.url(), null, Duration.ofMillis(700));

        long start = System.nanoTime();
        assertThatThrownBy(() -> brief.register("questions-value", SCHEMA))
                .isInstanceOf(SchemaRegistryUnavailableException.class)
                .isInstanceOf(RetriableException.class)
                .hasMessageContaining("did not answer POST /subjects/questions-value/versions")
                .hasMessageContaining("HTTP 500");
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .isBetween(Duration.ofMillis(650), Duration.ofSeconds(5));
        assertThat(stub.count("POST", "/subjects/questions-value/versions")).isBetween(3L, 6L);
    }

    @Test
    void anUnknownSchemaIdIsAnsweredAtOnceAndNotRetried() {
        stub.answer("GET /schemas/ids/99", 404, "{\"error_code\":40403,\"message\":\"Schema 99 not found\"}");

        assertThatThrownBy(() -> client.getById(99))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(SchemaRegistryException.SCHEMA_NOT_FOUND));
        assertThat(stub.count("GET", "/schemas/ids/99")).isEqualTo(1);
    }

    @Test
    void latestReadsSubjectVersionIdAndSchema() {
        stub.answer(
                "GET /subjects/questions-value/versions/latest",
                200,
                "{\"subject\":\"questions-value\"," + "\"version\":2,\"id\":9,\"schema\":" + quoted(SCHEMA.toString())
                        + "}");

        assertThat(client.latest("questions-value")).isEqualTo(new SchemaVersion("questions-value", 2, 9, SCHEMA));
    }

    @Test
    void subjectsListsTheNames() {
        stub.answer("GET /subjects", 200, "[\"a-value\",\"b-key\"]");

        assertThat(client.subjects()).containsExactly("a-value", "b-key");
    }

    @Test
    void isCompatibleReadsTheVerdict() {
        stub.answer("POST /compatibility/subjects/questions-value/versions/latest", 200, "{\"is_compatible\":false}");

        assertThat(client.isCompatible("questions-value", SCHEMA)).isFalse();
    }

    @Test
    void subjectsWithReservedCharactersArePercentEncoded() {
        stub.answer("POST /subjects/a%2Fb%20c-value/versions", 200, "{\"id\":1}");

        assertThat(client.register("a/b c-value", SCHEMA)).isEqualTo(1);
    }

    @Test
    void anUnreachableRegistryIsRetriedForTheBudgetThenUnavailableNamingTheUrl() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        SchemaRegistryClient unreachable =
                new SchemaRegistryClient("http://127.0.0.1:" + closedPort, null, Duration.ofMillis(500));

        long start = System.nanoTime();
        assertThatThrownBy(unreachable::subjects)
                .isInstanceOf(SchemaRegistryUnavailableException.class)
                .hasMessageContaining("127.0.0.1:" + closedPort)
                .hasMessageContaining("did not answer GET /subjects")
                .hasCauseInstanceOf(java.net.ConnectException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(450));
    }

    @Test
    void aRegistryComingBackWithinTheBudgetAnswersTheWaitingCall() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        SchemaRegistryClient waiting =
                new SchemaRegistryClient("http://127.0.0.1:" + port, null, Duration.ofSeconds(20));
        FutureTask<Integer> id = new FutureTask<>(() -> waiting.register("questions-value", SCHEMA));
        Thread caller = new Thread(id, "registry-caller");
        caller.start();
        // Asleep between attempts: the closed port has refused the call at least once.
        await().atMost(Duration.ofSeconds(10)).until(() -> caller.getState() == Thread.State.TIMED_WAITING);
        assertThat(id).isNotDone();

        try (StubRegistry late = new StubRegistry(port)) {
            late.answer("POST /subjects/questions-value/versions", 200, "{\"id\":12}");

            assertThat(id.get(10, TimeUnit.SECONDS)).isEqualTo(12);
        }
    }

    @Test
    void basicAuthUserInfoIsSentAsAnAuthorizationHeaderOnEveryRequest() {
        stub.answer("GET /subjects", 200, "[]").answer("POST /subjects/questions-value/versions", 200, "{\"id\":7}");
        // A password may itself contain colons: only the first one separates the user.
        SchemaRegistryClient authenticated = new SchemaRegistryClient(stub.url(), "svc-rag:pa:ss");

        authenticated.subjects();
        authenticated.register("questions-value", SCHEMA);

        String expected =
                "Basic " + Base64.getEncoder().encodeToString("svc-rag:pa:ss".getBytes(StandardCharsets.UTF_8));
        assertThat(stub.requests)
                .extracting(StubRegistry.Request::authorization)
                .containsExactly(expected, expected);
    }

    @Test
    void withoutUserInfoNoAuthorizationHeaderIsSent() {
        stub.answer("GET /subjects", 200, "[]");

        client.subjects();

        assertThat(stub.requests.get(0).authorization()).isNull();
    }

    @Test
    void userInfoWithoutAUserIsRejectedWithoutEchoingIt() {
        assertThatThrownBy(() -> new SchemaRegistryClient(stub.url(), "only-a-secret"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("user:password")
                .hasMessageNotContaining("only-a-secret");
        assertThatThrownBy(() -> new SchemaRegistryClient(stub.url(), ":no-user"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
