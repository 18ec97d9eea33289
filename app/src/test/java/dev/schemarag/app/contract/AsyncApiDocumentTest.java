package dev.schemarag.app.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.schemarag.avro.InMemorySchemaRegistry;
import dev.schemarag.core.failure.DeadLetterTopic;
import dev.schemarag.core.kafka.Topic;
import dev.schemarag.core.kafka.Topics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/**
 * docs/asyncapi.yaml is what {@code ./schemarag contract asyncapi} writes from the topic registry; to refresh it after
 * changing a topic or an Avro schema, run this test with {@code -Dasyncapi.write=true}.
 */
class AsyncApiDocumentTest {
    private static final Path CHECKED_IN = Path.of("..", "docs", "asyncapi.yaml");
    private static final String REFRESH = "mvn -B -o -q -pl app -am test -Dtest=AsyncApiDocumentTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -Dasyncapi.write=true"
            + "  (or: ./schemarag contract asyncapi --output docs/asyncapi.yaml)";

    private final Topics topics = new Topics(Topics.DEFAULT_PREFIX, new InMemorySchemaRegistry());
    private final String generated = AsyncApiDocument.yaml(topics);

    @Test
    void theCheckedInDocumentIsWhatTheCodeGenerates() throws IOException {
        if (Boolean.getBoolean("asyncapi.write")) Files.writeString(CHECKED_IN, generated, StandardCharsets.UTF_8);

        assertThat(Files.readString(CHECKED_IN, StandardCharsets.UTF_8))
                .as("docs/asyncapi.yaml drifted from the topic registry and the Avro schemas; refresh it with: "
                        + REFRESH)
                .isEqualTo(generated);
    }

    @Test
    void theDocumentHasTheAsyncApi3ShapeWithEveryTopicAsAChannel() throws IOException {
        JsonNode doc = new ObjectMapper(new YAMLFactory()).readTree(generated);

        assertThat(doc.path("asyncapi").asText()).isEqualTo("3.0.0");
        assertThat(doc.path("info").path("title").asText()).isNotBlank();
        List<String> addresses = new ArrayList<>();
        doc.path("channels").forEach(c -> addresses.add(c.path("address").asText()));
        assertThat(addresses)
                .containsExactlyInAnyOrderElementsOf(
                        topics.all().stream().map(Topic::name).toList());
        doc.path("operations").forEach(op -> {
            assertThat(op.path("action").asText()).isIn("send", "receive");
            assertThat(resolve(doc, op.path("channel").path("$ref").asText())
                            .path("address")
                            .isTextual())
                    .isTrue();
            op.path("messages").forEach(m -> assertThat(
                            resolve(doc, m.path("$ref").asText()).isMissingNode())
                    .isFalse());
        });
        assertThat(doc.path("operations").size()).isEqualTo(topics.all().size());
    }

    @Test
    void everyMessageCarriesTheAvroSchemaTheSerdeRegisters() throws IOException {
        JsonNode doc = new ObjectMapper(new YAMLFactory()).readTree(generated);

        for (Topic<String, ?> topic : topics.all()) {
            JsonNode payload = doc.path("components")
                    .path("messages")
                    .path(topic.valueType().getSimpleName())
                    .path("payload");
            assertThat(payload.path("schemaFormat").asText())
                    .isEqualTo("application/vnd.apache.avro+json;version=1.9.0");
            Schema published = new Schema.Parser().parse(payload.path("schema").toString());
            assertThat(published)
                    .as(topic.name())
                    .isEqualTo(org.apache.avro.specific.SpecificData.get().getSchema(topic.valueType()));
        }
    }

    @Test
    void theCatalogIsCompactedAndDeadLetterTopicsNameTheirErrorClasses() throws IOException {
        JsonNode channels =
                new ObjectMapper(new YAMLFactory()).readTree(generated).path("channels");

        assertThat(channels.path("schema.catalog")
                        .path("bindings")
                        .path("kafka")
                        .path("topicConfiguration")
                        .path("cleanup.policy")
                        .get(0)
                        .asText())
                .isEqualTo("compact");
        assertThat(channels.path("questions")
                        .path("bindings")
                        .path("kafka")
                        .path("topicConfiguration")
                        .path("cleanup.policy")
                        .get(0)
                        .asText())
                .isEqualTo("delete");
        String timeouts = channels.path("dlq." + DeadLetterTopic.QUERY_TIMEOUT.wireName())
                .path("description")
                .asText();
        assertThat(timeouts).contains("errorClass query_timeout.").contains("generation, validation");
        assertThat(channels.path("dlq.unknown").path("description").asText())
                .contains("unknown_database")
                .doesNotContain("query_timeout");
    }

    @Test
    void resultsCarryTheQueryResultSchemaAndAreKeptOneDay() throws IOException {
        JsonNode doc = new ObjectMapper(new YAMLFactory()).readTree(generated);
        JsonNode results = doc.path("channels").path("results");

        assertThat(results.path("address").asText()).isEqualTo(topics.results().name());
        assertThat(results.path("bindings")
                        .path("kafka")
                        .path("topicConfiguration")
                        .path("retention.ms")
                        .asLong())
                .isEqualTo(86_400_000L);
        assertThat(results.path("description").asText()).contains("topic.results.retention.ms");
        assertThat(doc.path("operations").path("send-results").path("action").asText())
                .isEqualTo("send");
        assertThat(doc.path("components")
                        .path("messages")
                        .path("QueryResult")
                        .path("payload")
                        .path("schema")
                        .path("name")
                        .asText())
                .isEqualTo("QueryResult");
        assertThat(doc.path("channels")
                        .path("dlq." + DeadLetterTopic.QUERY_TIMEOUT.wireName())
                        .path("description")
                        .asText())
                .contains("execution");
    }

    private static JsonNode resolve(JsonNode doc, String ref) {
        assertThat(ref).startsWith("#/");
        JsonNode node = doc;
        for (String part : ref.substring(2).split("/")) node = node.path(part);
        return node;
    }
}
