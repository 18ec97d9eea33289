package dev.schemarag.web;

import static dev.schemarag.core.admin.AdminHttp.query;
import static dev.schemarag.core.admin.AdminHttp.send;
import static dev.schemarag.web.OpenApiDocument.json;
import static dev.schemarag.web.OpenApiDocument.operation;

import com.sun.net.httpserver.HttpExchange;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.generation.postgres.VerifiedExampleListing;
import dev.schemarag.generation.staleness.ExampleView;
import io.swagger.v3.oas.models.media.ArraySchema;
import java.io.IOException;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /api/examples?db=[&stale=true]}: a database's verified examples and documented queries, served or
 * quarantined by a schema change with the reason, as {@code examples list --json} prints them. For operators: an
 * example's question and tables describe the catalog as a whole, whoever may read it.
 */
final class ExamplesApi {
    private final DatabaseRegistry databases;
    private final VerifiedExampleListing listing;

    ExamplesApi(DatabaseRegistry databases, VerifiedExampleListing listing) {
        this.databases = databases;
        this.listing = listing;
    }

    List<ApiRoute> routes() {
        var op = operation(
                        "examples",
                        "examples",
                        "A database's verified examples and documented queries, served or quarantined with the reason")
                .addParametersItem(OpenApiDocument.query("db", "registered database id", true))
                .addParametersItem(OpenApiDocument.query("stale", "true: only the quarantined ones", false));
        op.getResponses()
                .addApiResponse(
                        "200",
                        json(
                                "examples in id order; reason and quarantinedAt are null for a served one",
                                new ArraySchema().items(ViewSchemas.of(ExampleView.class))))
                .addApiResponse("400", OpenApiDocument.error("db missing, or stale neither true nor false"))
                .addApiResponse("404", OpenApiDocument.error("unknown database"))
                .addApiResponse("503", OpenApiDocument.error("the store cannot be reached"));
        return List.of(new ApiRoute("GET", "/api/examples", op, this::list));
    }

    private void list(HttpExchange exchange, Map<String, String> parameters) throws IOException {
        String db = query(exchange, "db");
        if (db == null || db.isBlank())
            throw new WebServer.ApiError(400, ErrorClass.INVALID_REQUEST.wireName(), "db is required");
        boolean staleOnly = staleOnly(query(exchange, "stale"));
        if (databases.find(db).isEmpty())
            throw new WebServer.ApiError(
                    404, ErrorClass.UNKNOWN_DATABASE.wireName(), "database '" + db + "' is not registered");
        try {
            send(
                    exchange,
                    200,
                    listing.list(db, null, staleOnly).stream()
                            .map(ExampleView::of)
                            .toList());
        } catch (SQLException e) {
            throw new WebServer.ApiError(503, "store_unavailable", "the store cannot be reached");
        }
    }

    static boolean staleOnly(String stale) {
        if (stale == null || stale.equals("false")) return false;
        if (stale.equals("true")) return true;
        throw new WebServer.ApiError(400, ErrorClass.INVALID_REQUEST.wireName(), "stale is true or false");
    }
}
