package dev.schemarag.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.avro.SchemaRegistryClient;
import dev.schemarag.avro.SchemaRegistryException;
import dev.schemarag.events.QuestionAsked;
import dev.schemarag.testkit.SharedTestStack;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.junit.jupiter.api.Test;

/** (c) The registry over HTTP: BACKWARD compatibility, stable ids, and the Confluent error codes. */
class SchemaCompatibilityIT {
    private final EmbeddedStack stack = SharedTestStack.get();
    private final SchemaRegistryClient registry = stack.registryClient();
    private final String subject = "it-compat-" + UUID.randomUUID() + "-value";

    @Test
    void addingARequiredFieldWithoutDefaultIsRejectedWithAClearMessage() {
        registry.register(subject, QuestionAsked.getClassSchema());
        Schema withRequiredField = withField(
                QuestionAsked.getClassSchema(),
                new Schema.Field("priority", Schema.create(Schema.Type.INT), "How urgent the question is."));

        assertThatThrownBy(() -> registry.register(subject, withRequiredField))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.status()).isEqualTo(409);
                    assertThat(e.errorCode()).isEqualTo(409);
                    assertThat(e.getMessage())
                            .startsWith("Schema being registered is incompatible with version 1")
                            .contains("subject '" + subject + "'")
                            .contains("BACKWARD")
                            .contains("READER_FIELD_MISSING_DEFAULT_VALUE")
                            .contains("priority");
                });
        assertThat(registry.isCompatible(subject, withRequiredField)).isFalse();
        assertThat(registry.latest(subject).version()).isEqualTo(1);
    }

    @Test
    void addingAnOptionalFieldWithDefaultIsANewVersionWithAHigherId() {
        int first = registry.register(subject, QuestionAsked.getClassSchema());
        Schema withOptionalField = withField(
                QuestionAsked.getClassSchema(),
                new Schema.Field(
                        "channel",
                        SchemaBuilder.unionOf().nullType().and().stringType().endUnion(),
                        "Where it was asked.",
                        Schema.Field.NULL_DEFAULT_VALUE));

        int second = new SchemaRegistryClient(stack.registryUrl()).register(subject, withOptionalField);

        assertThat(second).isGreaterThan(first);
        assertThat(registry.latest(subject).version()).isEqualTo(2);
        assertThat(registry.getById(second)).isEqualTo(withOptionalField);
    }

    @Test
    void registeringAnIdenticalSchemaAgainReturnsTheSameId() {
        int first = registry.register(subject, QuestionAsked.getClassSchema());

        int again = new SchemaRegistryClient(stack.registryUrl()).register(subject, QuestionAsked.getClassSchema());

        assertThat(again).isEqualTo(first);
    }

    @Test
    void invalidAvroIsRejectedWith42201() throws Exception {
        HttpResponse<String> response = post(
                "/subjects/" + subject + "/versions",
                "{\"schema\":\"{\\\"type\\\":\\\"record\\\",\\\"name\\\":\\\"X\\\"}\"}");

        assertThat(response.statusCode()).isEqualTo(422);
        assertThat(response.body()).contains("\"error_code\":42201").contains("Invalid schema");
    }

    @Test
    void anUnknownSubjectIs40401() {
        assertThatThrownBy(() -> registry.latest(subject)).isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
            assertThat(e.status()).isEqualTo(404);
            assertThat(e.errorCode()).isEqualTo(SchemaRegistryException.SUBJECT_NOT_FOUND);
        });
    }

    @Test
    void theConfigReportsBackwardCompatibility() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(stack.registryUrl() + "/config"))
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString());

        assertThat(response.body()).isEqualTo("{\"compatibilityLevel\":\"BACKWARD\"}");
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(stack.registryUrl() + path))
                                .header("Content-Type", "application/vnd.schemaregistry.v1+json")
                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }

    private static Schema withField(Schema schema, Schema.Field added) {
        List<Schema.Field> fields = new ArrayList<>();
        schema.getFields().forEach(f -> fields.add(new Schema.Field(f, f.schema())));
        fields.add(added);
        return Schema.createRecord(schema.getName(), schema.getDoc(), schema.getNamespace(), false, fields);
    }
}
