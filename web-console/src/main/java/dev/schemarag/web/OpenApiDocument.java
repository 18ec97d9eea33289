package dev.schemarag.web;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.List;

/** The OpenAPI 3 document of the API, built from the registered routes with swagger-core's model classes. */
public final class OpenApiDocument {
    private static final String BEARER = "bearer";

    /**
     * swagger-core's own mapper would bring swagger-core and its XML and YAML stacks; the model needs only absent
     * fields left out and its bookkeeping properties hidden.
     */
    static final ObjectMapper JSON = new ObjectMapper()
            .setSerializationInclusion(JsonInclude.Include.NON_NULL)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING) // "http", not HTTP
            .addMixIn(Schema.class, SchemaBookkeeping.class)
            .addMixIn(MediaType.class, MediaTypeBookkeeping.class)
            .addMixIn(OpenAPI.class, OpenApiBookkeeping.class);

    @JsonIgnoreProperties({
        "exampleSetFlag",
        "types",
        "specVersion",
        "jsonSchema",
        "exclusiveMinimumValue",
        "exclusiveMaximumValue",
        "booleanSchemaValue"
    })
    private abstract static class SchemaBookkeeping {}

    @JsonIgnoreProperties({"exampleSetFlag"})
    private abstract static class MediaTypeBookkeeping {}

    @JsonIgnoreProperties({"specVersion", "jsonSchemaDialect"})
    private abstract static class OpenApiBookkeeping {}

    private OpenApiDocument() {}

    public static OpenAPI of(List<ApiRoute> routes) {
        Paths paths = new Paths();
        for (ApiRoute route : routes) {
            PathItem item = paths.computeIfAbsent(route.path(), p -> new PathItem());
            item.operation(PathItem.HttpMethod.valueOf(route.method()), route.operation());
        }
        return new OpenAPI()
                .info(new Info()
                        .title("SchemaRAG web console API")
                        .version("0.1.0")
                        .description("Questions, retrieval context, dead letters and the committed event stream."
                                + " Without a token the server listens on loopback only; bound elsewhere, every route"
                                + " requires the bearer token (SCHEMARAG_ADMIN_TOKEN)."))
                .components(new io.swagger.v3.oas.models.Components()
                        .addSecuritySchemes(
                                BEARER,
                                new SecurityScheme()
                                        .type(SecurityScheme.Type.HTTP)
                                        .scheme("bearer"))
                        .addSchemas("Error", errorSchema()))
                .addSecurityItem(new SecurityRequirement().addList(BEARER))
                .paths(paths);
    }

    public static byte[] json(List<ApiRoute> routes) {
        try {
            return JSON.writeValueAsBytes(of(routes));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("the OpenAPI model always serializes", e);
        }
    }

    private static Schema<?> errorSchema() {
        ObjectSchema error = new ObjectSchema();
        error.addProperty("code", new StringSchema().description("stable error code"));
        error.addProperty("message", new StringSchema().description("a safe, fixed message"));
        error.setRequired(List.of("code", "message"));
        return error;
    }

    /** An operation with a summary and the usual error answers. */
    static Operation operation(String id, String tag, String summary) {
        ApiResponses responses = new ApiResponses()
                .addApiResponse("401", error("missing or wrong bearer token (non-loopback binding)"))
                .addApiResponse("500", error("the request could not be handled"));
        return new Operation().operationId(id).addTagsItem(tag).summary(summary).responses(responses);
    }

    static ApiResponse json(String description, Schema<?> schema) {
        return new ApiResponse()
                .description(description)
                .content(new Content().addMediaType("application/json", new MediaType().schema(schema)));
    }

    static ApiResponse error(String description) {
        return json(description, new Schema<>().$ref("#/components/schemas/Error"));
    }

    static Parameter query(String name, String description, boolean required) {
        return new Parameter()
                .in("query")
                .name(name)
                .description(description)
                .required(required)
                .schema(new StringSchema());
    }

    static Parameter path(String name, String description) {
        return new Parameter()
                .in("path")
                .name(name)
                .description(description)
                .required(true)
                .schema(new StringSchema());
    }
}
