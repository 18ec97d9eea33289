package dev.schemarag.web;

import static dev.schemarag.core.admin.AdminHttp.send;
import static dev.schemarag.web.OpenApiDocument.json;
import static dev.schemarag.web.OpenApiDocument.operation;

import com.sun.net.httpserver.HttpExchange;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.config.RegisteredDatabase;
import dev.schemarag.core.store.Database;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.ObjectSchema;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /api/databases}: each registered database with what the store holds for it (tables, catalog version,
 * last sync) and the last schema change this console saw, with its freshness (commit → index).
 */
final class DatabasesApi {
    private static final String STORED = """
            SELECT (SELECT count(*) FROM schema_embeddings WHERE database_id = ? AND entity_type = 'table'),
                   (SELECT max(updated_at) FROM schema_embeddings WHERE database_id = ?),
                   (SELECT version FROM catalog_versions WHERE database_id = ?)""";

    private final DatabaseRegistry databases;
    private final Database store;
    private final EventFeed feed;

    DatabasesApi(DatabaseRegistry databases, Database store, EventFeed feed) {
        this.databases = databases;
        this.store = store;
        this.feed = feed;
    }

    List<ApiRoute> routes() {
        var op = operation(
                "databases", "databases", "Registered databases: tables, catalog version, last sync and last change");
        op.getResponses()
                .addApiResponse(
                        "200",
                        json(
                                "id, tables, catalogVersion, lastSync, lastChange {table, column, changeKind, committedAt, freshnessMs}",
                                new ArraySchema().items(new ObjectSchema())))
                .addApiResponse("503", OpenApiDocument.error("the store cannot be reached"));
        return List.of(new ApiRoute("GET", "/api/databases", op, this::list));
    }

    private void list(HttpExchange exchange, Map<String, String> parameters) throws IOException {
        List<Map<String, Object>> body = new ArrayList<>();
        try (Connection c = store.borrow();
                PreparedStatement s = c.prepareStatement(STORED)) {
            for (RegisteredDatabase db : databases.all()) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("id", db.id());
                for (int i = 1; i <= 3; i++) s.setString(i, db.id());
                try (ResultSet r = s.executeQuery()) {
                    r.next();
                    entry.put("tables", r.getLong(1));
                    Timestamp synced = r.getTimestamp(2);
                    entry.put("lastSync", synced == null ? null : synced.getTime());
                    long version = r.getLong(3);
                    entry.put("catalogVersion", r.wasNull() ? null : version);
                }
                entry.put("lastChange", feed.lastChange(db.id()).orElse(null));
                body.add(entry);
            }
        } catch (SQLException e) {
            throw new WebServer.ApiError(503, "store_unavailable", "the store cannot be reached");
        }
        send(exchange, 200, body);
    }
}
