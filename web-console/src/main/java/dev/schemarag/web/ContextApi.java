package dev.schemarag.web;

import static dev.schemarag.core.admin.AdminHttp.query;
import static dev.schemarag.core.admin.AdminHttp.send;
import static dev.schemarag.web.OpenApiDocument.json;
import static dev.schemarag.web.OpenApiDocument.operation;

import com.sun.net.httpserver.HttpExchange;
import dev.schemarag.core.failure.ErrorClass;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.retrieval.ContextMetadata;
import dev.schemarag.retrieval.RetrievalFailure;
import dev.schemarag.retrieval.RetrievalRequest;
import dev.schemarag.retrieval.RetrievalResult;
import dev.schemarag.retrieval.RetrievedContext;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.SelectedTable;
import dev.schemarag.retrieval.TableEvidence;
import dev.schemarag.retrieval.graph.Bridge;
import dev.schemarag.retrieval.index.DocHit;
import io.swagger.v3.oas.models.media.ObjectSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /api/context?db=&q=}: the retrieval packet for a question, computed here by the retrieval service's own
 * retriever, and why each table is in it.
 */
final class ContextApi {
    private final SchemaRetriever retriever;

    ContextApi(SchemaRetriever retriever) {
        this.retriever = retriever;
    }

    List<ApiRoute> routes() {
        var op = operation("context", "retrieval", "The retrieval packet for a question and why each table is in it")
                .addParametersItem(OpenApiDocument.query("db", "registered database id", true))
                .addParametersItem(OpenApiDocument.query("q", "the question", true));
        op.getResponses()
                .addApiResponse(
                        "200",
                        json(
                                "tables with reason, score and evidence; join hints; doc chunks; tokens; packet",
                                new ObjectSchema()))
                .addApiResponse("400", OpenApiDocument.error("db or q missing, or the question is invalid"))
                .addApiResponse("404", OpenApiDocument.error("unknown database"));
        return List.of(new ApiRoute("GET", "/api/context", op, this::context));
    }

    private void context(HttpExchange exchange, Map<String, String> parameters) throws IOException {
        String db = query(exchange, "db");
        String q = query(exchange, "q");
        if (db == null || db.isBlank() || q == null || q.isBlank())
            throw new WebServer.ApiError(400, ErrorClass.INVALID_REQUEST.wireName(), "db and q are required");
        RetrievalResult result = retriever.retrieve(RetrievalRequest.of(db, q));
        if (result instanceof RetrievalFailure f) {
            int status =
                    switch (f.errorClass()) {
                        case UNKNOWN_DATABASE, UNKNOWN_SCHEMA, EMPTY_CATALOG -> 404;
                        case INFRA_FAILURE -> 503;
                        default -> 400;
                    };
            throw new WebServer.ApiError(status, f.errorClass().wireName(), safeMessage(f));
        }
        send(exchange, 200, view(((RetrievalResult.Retrieved) result).context()));
    }

    /** Retrieval's messages about the request are the caller's own input described; infra ones are not shown. */
    private static String safeMessage(RetrievalFailure f) {
        return switch (f.errorClass()) {
            case INFRA_FAILURE -> "the schema index cannot be reached";
            default -> f.message() == null ? f.errorClass().wireName() : f.message();
        };
    }

    static Map<String, Object> view(RetrievedContext context) {
        Map<TableName, Bridge> bridgedBy = new LinkedHashMap<>();
        for (Bridge b : context.bridging().bridges()) for (TableName via : b.via()) bridgedBy.putIfAbsent(via, b);
        List<Map<String, Object>> tables = new ArrayList<>();
        int rank = 0;
        for (SelectedTable t : context.tables()) {
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("rank", ++rank);
            v.put("table", t.table().toString());
            v.put("reason", t.reason().wireName());
            v.put("score", t.score());
            TableEvidence e = t.evidence();
            v.put("denseTableScore", e.tableSimilarity());
            v.put("columnEvidence", e.columnScore());
            v.put("columnHits", e.columnHits());
            v.put("denseRank", e.denseRank());
            v.put("lexicalRank", e.lexicalRank());
            v.put("fusedScore", e.fusedScore());
            v.put("why", why(t, bridgedBy.get(t.table())));
            tables.add(v);
        }
        List<Map<String, Object>> docs = new ArrayList<>();
        for (DocHit d : context.docChunks()) {
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("table", d.chunk().table() == null ? null : d.chunk().table().toString());
            v.put("kind", d.chunk().kind().name().toLowerCase(java.util.Locale.ROOT));
            v.put("similarity", d.similarity());
            v.put("content", d.chunk().content());
            docs.add(v);
        }
        ContextMetadata m = context.metadata();
        Map<String, Object> tokens = new LinkedHashMap<>();
        tokens.put("context", m.contextTokens());
        tokens.put("fullSchema", m.fullSchemaTokens());
        tokens.put("saved", Math.max(0, m.fullSchemaTokens() - m.contextTokens()));
        tokens.put("overBudget", m.overBudget());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("databaseId", context.databaseId());
        body.put("strategy", m.strategy().name().toLowerCase(java.util.Locale.ROOT));
        body.put(
                "fallbackReason",
                m.fallbackReason() == null ? null : m.fallbackReason().name().toLowerCase(java.util.Locale.ROOT));
        body.put("tables", tables);
        body.put("joinHints", context.joinHints());
        body.put("docChunks", docs);
        body.put("tokens", tokens);
        body.put("packet", context.packet());
        return body;
    }

    /** One sentence a person reads: what put the table in the packet. */
    static String why(SelectedTable t, Bridge bridge) {
        TableEvidence e = t.evidence();
        return switch (t.reason()) {
            case RETRIEVED -> {
                List<String> found = new ArrayList<>();
                if (e.tableSimilarity() > 0)
                    found.add(String.format(java.util.Locale.ROOT, "table text similar (%.2f)", e.tableSimilarity()));
                if (e.columnHits() > 0) found.add(e.columnHits() + " matching column(s)");
                if (e.lexicalRank() > 0) found.add("keyword rank " + e.lexicalRank());
                yield found.isEmpty() ? "retrieved" : String.join(", ", found);
            }
            case FK_EXPANSION -> "foreign-key neighbour of a selected table, with evidence of its own";
            case BRIDGE -> bridge == null ? "joins selected tables" : "joins " + bridge.from() + " to " + bridge.to();
            case FULL_SCHEMA -> "full schema sent";
        };
    }
}
