package dev.schemarag.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OpenApiDocumentTest {
    private static List<ApiRoute> routes() {
        List<ApiRoute> routes = new ArrayList<>();
        routes.addAll(new QuestionsApi(null, null).routes());
        routes.addAll(new DatabasesApi(null, null, null).routes());
        routes.addAll(new ExamplesApi(null, null).routes());
        routes.addAll(new ContextApi(null).routes());
        routes.addAll(new DeadLettersApi(null, null).routes());
        routes.addAll(new EventStream(null).routes());
        return routes;
    }

    @Test
    void everyRegisteredRouteIsDescribedUnderItsPathAndMethod() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(OpenApiDocument.json(routes()));

        assertThat(doc.path("openapi").asText()).startsWith("3.");
        assertThat(doc.path("info").path("title").asText()).isNotBlank();
        for (ApiRoute route : routes()) {
            JsonNode op =
                    doc.path("paths").path(route.path()).path(route.method().toLowerCase(Locale.ROOT));
            assertThat(op.isObject()).as(route.method() + " " + route.path()).isTrue();
            assertThat(op.path("responses").size())
                    .as("responses of " + route.path())
                    .isPositive();
        }
        assertThat(doc.path("paths").size())
                .isEqualTo(routes().stream().map(ApiRoute::path).distinct().count());
    }

    @Test
    void theDocumentIsStructurallyValid() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(OpenApiDocument.json(routes()));
        Set<String> operationIds = new HashSet<>();
        doc.path("paths").properties().forEach(path -> {
            List<String> templated = new ArrayList<>();
            var m = java.util.regex.Pattern.compile("\\{(\\w+)}").matcher(path.getKey());
            while (m.find()) templated.add(m.group(1));
            path.getValue().properties().forEach(method -> {
                JsonNode op = method.getValue();
                assertThat(operationIds.add(op.path("operationId").asText()))
                        .as("unique operationId " + op.path("operationId"))
                        .isTrue();
                // Every path template variable is declared as a required path parameter (OpenAPI 3, 4.8.12.1).
                for (String name : templated) {
                    boolean declared = false;
                    for (JsonNode p : op.path("parameters"))
                        declared |= p.path("in").asText().equals("path")
                                && p.path("name").asText().equals(name)
                                && p.path("required").asBoolean();
                    assertThat(declared).as(name + " in " + path.getKey()).isTrue();
                }
                op.path("responses").properties().forEach(r -> {
                    assertThat(r.getKey()).matches("[1-5]\\d\\d|default");
                    assertThat(r.getValue().path("description").asText()).isNotBlank();
                });
            });
        });
        // Every $ref points at a defined component, and no bookkeeping property of the model leaks out.
        String text = doc.toString();
        var refs = java.util.regex.Pattern.compile("\"\\$ref\":\"#/components/schemas/(\\w+)\"")
                .matcher(text);
        while (refs.find())
            assertThat(doc.path("components").path("schemas").has(refs.group(1)))
                    .isTrue();
        assertThat(text).doesNotContain("exampleSetFlag");
        assertThat(doc.path("components")
                        .path("securitySchemes")
                        .path("bearer")
                        .path("scheme")
                        .asText())
                .isEqualTo("bearer");
    }

    @Test
    void aTemplatedRouteMatchesOnlyItsShapeAndDecodesItsValues() {
        ApiRoute route = new ApiRoute("POST", "/api/dlq/{class}/replay", null, null);

        assertThat(route.match("/api/dlq/sql_error/replay")).hasValue(java.util.Map.of("class", "sql_error"));
        assertThat(route.match("/api/dlq/a%20b/replay")).hasValue(java.util.Map.of("class", "a b"));
        assertThat(route.match("/api/dlq//replay")).isEmpty();
        assertThat(route.match("/api/dlq/sql_error")).isEmpty();
        assertThat(route.match("/api/dlq/%zz/replay")).isEmpty();
    }

    @Test
    void waitAndLimitAreBoundedAndRefusedWhenMalformed() {
        assertThat(QuestionsApi.wait(null)).isZero();
        assertThat(QuestionsApi.wait("10s")).hasSeconds(10);
        assertThat(QuestionsApi.wait("500ms")).hasMillis(500);
        assertThat(QuestionsApi.wait("999999s")).isEqualTo(QuestionsApi.MAX_WAIT);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> QuestionsApi.wait("10 minutes"))
                .isInstanceOf(WebServer.ApiError.class);
        assertThat(DeadLettersApi.limit(null)).isEqualTo(DeadLettersApi.DEFAULT_LIMIT);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DeadLettersApi.limit("0"))
                .isInstanceOf(WebServer.ApiError.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DeadLettersApi.limit("x"))
                .isInstanceOf(WebServer.ApiError.class);
        assertThat(ExamplesApi.staleOnly(null)).isFalse();
        assertThat(ExamplesApi.staleOnly("true")).isTrue();
        assertThat(ExamplesApi.staleOnly("false")).isFalse();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ExamplesApi.staleOnly("yes"))
                .isInstanceOf(WebServer.ApiError.class);
    }

    @Test
    void theViewsAreDescribedByTheFieldsTheyWrite() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(OpenApiDocument.json(routes()));
        String schema = "/content/application~1json/schema";

        JsonNode context = doc.at("/paths/~1api~1context/get/responses/200" + schema);
        assertThat(context.path("properties").has("blockedByExpansion")).isTrue();
        assertThat(context.at("/properties/tables/items/properties").has("connects"))
                .isTrue();
        JsonNode outcome = doc.at("/paths/~1api~1questions~1{id}/get/responses/200" + schema);
        assertThat(outcome.path("oneOf")).hasSize(3);
        for (JsonNode shape : outcome.path("oneOf"))
            assertThat(shape.path("properties").has("status")).isTrue();
    }

    @Test
    void anAnswersRowsAreDescribedAsArraysOfNullableTextAfterItsOtherFields() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(OpenApiDocument.json(routes()));
        JsonNode answered = doc.at("/paths/~1api~1questions~1{id}/get/responses/200/content/application~1json/schema"
                + "/oneOf/0/properties");

        List<String> names = new ArrayList<>();
        answered.fieldNames().forEachRemaining(names::add);
        assertThat(names)
                .endsWith("retrievalMetadata", "columns", "rows", "rowCount", "truncated", "executionMs", "executedAs");
        JsonNode columns = answered.path("columns");
        assertThat(columns.path("type").asText()).isEqualTo("array");
        assertThat(columns.path("nullable").asBoolean()).isTrue();
        JsonNode column = columns.at("/items/properties");
        assertThat(column.at("/name/type").asText()).isEqualTo("string");
        assertThat(column.at("/type/type").asText()).isEqualTo("string");
        assertThat(column.at("/masked/type").asText()).isEqualTo("boolean");
        assertThat(column.at("/masked/nullable").isMissingNode()).isTrue();
        JsonNode rows = answered.path("rows");
        assertThat(rows.path("nullable").asBoolean()).isTrue();
        assertThat(rows.at("/items/type").asText()).isEqualTo("array");
        assertThat(rows.at("/items/nullable").isMissingNode())
                .as("a row is never null")
                .isTrue();
        assertThat(rows.at("/items/items/type").asText()).isEqualTo("string");
        assertThat(rows.at("/items/items/nullable").asBoolean())
                .as("a cell is null for SQL NULL")
                .isTrue();
        assertThat(answered.at("/rowCount/type").asText()).isEqualTo("integer");
        assertThat(answered.at("/rowCount/nullable").asBoolean()).isTrue();
        assertThat(answered.at("/truncated/type").asText()).isEqualTo("boolean");
        assertThat(answered.at("/executionMs/type").asText()).isEqualTo("integer");
        assertThat(answered.at("/executedAs/nullable").asBoolean()).isTrue();
        assertThat(answered.at("/tablesUsed/items/nullable").isMissingNode())
                .as("a list's items are nullable only where its type says so")
                .isTrue();
    }
}
