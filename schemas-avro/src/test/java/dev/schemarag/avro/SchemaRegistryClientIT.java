package dev.schemarag.avro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.schemarag.events.QuestionAsked;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.apache.avro.Schema;
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
        stub.answer("GET /subjects", 502, "Bad Gateway");

        assertThatThrownBy(client::subjects).isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
            assertThat(e.errorCode()).isEqualTo(502);
            assertThat(e.getMessage()).contains("HTTP 502").contains("Bad Gateway");
        });
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
    void anUnreachableRegistryGivesStatusZeroAndNamesTheUrl() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        SchemaRegistryClient unreachable = new SchemaRegistryClient("http://127.0.0.1:" + closedPort);

        assertThatThrownBy(unreachable::subjects).isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
            assertThat(e.status()).isEqualTo(SchemaRegistryException.UNREACHABLE);
            assertThat(e.getMessage()).contains("127.0.0.1:" + closedPort).contains("did not answer GET /subjects");
        });
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
