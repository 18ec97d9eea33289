package dev.schemarag.web;

import static dev.schemarag.core.admin.AdminHttp.query;
import static dev.schemarag.core.admin.AdminHttp.send;
import static dev.schemarag.web.OpenApiDocument.json;
import static dev.schemarag.web.OpenApiDocument.operation;

import com.sun.net.httpserver.HttpExchange;
import dev.schemarag.core.config.Asker;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.retrieval.ContextView;
import dev.schemarag.retrieval.RetrievalFailure;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.SchemaRetriever;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /api/context?db=&q=}: the retrieval packet for a question, computed here by the retrieval service's own
 * retriever, and why each table is in it: a {@link ContextView}, the shape the MCP tool get_schema_context returns.
 */
final class ContextApi {
    private final SchemaRetriever retriever;

    ContextApi(SchemaRetriever retriever) {
        this.retriever = retriever;
    }

    List<ApiRoute> routes() {
        var op = operation("context", "retrieval", "The retrieval packet for a question and why each table is in it")
                .addParametersItem(OpenApiDocument.query(
                        "db",
                        "registered database id; absent: the database the question points to clearly (else 409"
                                + " ambiguous_database)",
                        false))
                .addParametersItem(OpenApiDocument.query("q", "the question", true))
                .addParametersItem(OpenApiDocument.query(
                        "as",
                        "the principal whose view of the catalog to use; only on a console without tokens: with them,"
                                + " the token's principal",
                        false));
        op.getResponses()
                .addApiResponse(
                        "200",
                        json(
                                "tables with reason, score and evidence; join hints; doc chunks; tokens; packet",
                                ViewSchemas.of(ContextView.class)))
                .addApiResponse("400", OpenApiDocument.error("q missing, or the question is invalid"))
                .addApiResponse("403", OpenApiDocument.error("the principal is mapped to no role (access_denied)"))
                .addApiResponse("404", OpenApiDocument.error("unknown database"))
                .addApiResponse(
                        "409",
                        OpenApiDocument.error(
                                "no db, and the question points to no database clearly: the candidates are in the message"
                                        + " (ambiguous_database)"));
        return List.of(new ApiRoute("GET", "/api/context", op, this::context, ApiRoute.Audience.ANY_CALLER));
    }

    private void context(HttpExchange exchange, Map<String, String> parameters) throws IOException {
        String db = query(exchange, "db");
        String q = query(exchange, "q");
        if (q == null || q.isBlank())
            throw new WebServer.ApiError(400, ErrorClass.INVALID_REQUEST.wireName(), "q is required");
        Asker asker;
        try {
            asker = WebServer.caller(exchange).asker(query(exchange, "as"));
        } catch (IllegalArgumentException e) {
            throw new WebServer.ApiError(400, ErrorClass.INVALID_REQUEST.wireName(), e.getMessage());
        }
        RetrievalResult result = retriever.retrieve(
                RetrievalRequest.of(db == null || db.isBlank() ? null : db, q).withAsker(asker));
        if (result instanceof RetrievalFailure f) {
            int status =
                    switch (f.errorClass()) {
                        case UNKNOWN_DATABASE, UNKNOWN_SCHEMA, EMPTY_CATALOG -> 404;
                        case ACCESS_DENIED -> 403;
                        case AMBIGUOUS_DATABASE -> 409;
                        case INFRA_FAILURE -> 503;
                        default -> 400;
                    };
            throw new WebServer.ApiError(status, f.errorClass().wireName(), safeMessage(f));
        }
        send(exchange, 200, ContextView.of(((RetrievalResult.Retrieved) result).context()));
    }

    /** Retrieval's messages about the request are the caller's own input described; infra ones are not shown. */
    private static String safeMessage(RetrievalFailure f) {
        return switch (f.errorClass()) {
            case INFRA_FAILURE -> "the schema index cannot be reached";
            default -> f.message() == null ? f.errorClass().wireName() : f.message();
        };
    }
}
