package dev.schemarag.app.mcp;

import dev.schemarag.core.admin.Caller;
import dev.schemarag.core.config.Asker;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.questions.OutcomeView;
import dev.schemarag.core.schema.TableName;
import dev.schemarag.generation.service.SqlRun;
import dev.schemarag.retrieval.ContextView;
import dev.schemarag.web.ViewSchemas;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;
import java.io.IOException;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * SchemaRAG as an MCP server, whatever the transport: the tools {@code list_databases}, {@code get_schema_context},
 * {@code validate_sql}, {@code run_sql} and {@code ask} ({@link AgentTools}), and the stored table docs as resources:
 * {@code schemarag://docs/<db>} lists a database's documented tables, {@code schemarag://docs/<db>/<schema.table>}
 * is one table's doc.
 */
public final class SchemaRagMcpServer {
    static final String DOCS = "schemarag://docs/";
    private static final String MARKDOWN = "text/markdown";

    private SchemaRagMcpServer() {}

    public static McpJsonMapper json() {
        return McpJsonDefaults.getMapper();
    }

    /**
     * @param version the release the server announces, e.g. {@code 0.1.0}
     * @param unidentified who calls when the transport does not say: over stdio, the configured caller; over HTTP
     *     every request is identified ({@link McpHttpServer}), so null
     */
    public static <S extends McpServer.SyncSpecification<S>> McpSyncServer build(
            McpServer.SyncSpecification<S> spec,
            String version,
            AgentTools tools,
            StoredTableDocs docs,
            DatabaseRegistry databases,
            Caller unidentified) {
        return spec.serverInfo("schemarag", version)
                .instructions("Text-to-SQL over registered PostgreSQL databases. Call list_databases first; "
                        + "get_schema_context gives the few tables a question needs and why; validate_sql checks a"
                        + " statement without running it; run_sql runs one on a database registered to execute;"
                        + " ask answers through the running pipeline.")
                .capabilities(McpSchema.ServerCapabilities.builder()
                        .tools(false)
                        .resources(false, false)
                        .build())
                .validateToolInputs(true)
                .tools(tools(tools, unidentified))
                .resources(databases.all().stream()
                        .map(db -> docsIndex(db.id(), docs, unidentified))
                        .toList())
                .resourceTemplates(tableDoc(docs, databases, unidentified))
                .build();
    }

    /**
     * The five tools. Those whose result is a typed view declare its schema as their output schema, which the SDK
     * checks each successful result's structured content against.
     */
    static List<SyncToolSpecification> tools(AgentTools tools, Caller unidentified) {
        return List.of(
                tool(
                        unidentified,
                        "list_databases",
                        "The registered databases: id, schemas, and whether validate_sql can check SQL on it.",
                        """
                        {"type": "object", "properties": {}, "additionalProperties": false}
                        """,
                        null,
                        (asker, args) -> tools.listDatabases()),
                tool(
                        unidentified,
                        "get_schema_context",
                        "The schema context for a question: the tables it needs with, per table, why it is"
                                + " there (retrieved with its score, fk_expansion, bridge, or full_schema),"
                                + " join hints and the packet text to put in a prompt.",
                        """
                        {"type": "object", "properties": {
                          "db": {"type": "string", "description": "database id from list_databases; absent: the database the question points to clearly (else errorClass ambiguous_database)"},
                          "question": {"type": "string", "description": "the question in natural language"},
                          "max_tables": {"type": "integer", "minimum": 1, "maximum": 100,
                                         "description": "at most this many tables in the packet"}},
                         "required": ["question"], "additionalProperties": false}
                        """,
                        ContextView.class,
                        (asker, args) -> tools.schemaContext(
                                text(args, "db"), text(args, "question"), integer(args, "max_tables"), asker)),
                tool(
                        unidentified,
                        "validate_sql",
                        "Lint, read-only guard and EXPLAIN (as a read-only role) of one SELECT; the"
                                + " statement is never executed. Returns valid, errorClass, sqlstate, message"
                                + " and lint issues.",
                        """
                        {"type": "object", "properties": {
                          "db": {"type": "string", "description": "database id from list_databases"},
                          "sql": {"type": "string", "description": "one SQL statement"}},
                         "required": ["db", "sql"], "additionalProperties": false}
                        """,
                        null,
                        (asker, args) -> tools.validateSql(text(args, "db"), asker, text(args, "sql"))),
                tool(
                        unidentified,
                        "run_sql",
                        "Run one SELECT on a database registered to execute answers (list_databases: execution),"
                                + " after the same lint, read-only guard and EXPLAIN as validate_sql: as a read-only"
                                + " role, in a READ ONLY transaction, bounded in time, rows and bytes, PII columns"
                                + " masked. Returns columns, rows, rowCount, truncated, executionMs and executedAs;"
                                + " or errorClass, sqlstate and message.",
                        """
                        {"type": "object", "properties": {
                          "db": {"type": "string", "description": "database id from list_databases"},
                          "sql": {"type": "string", "description": "one SQL statement"},
                          "max_rows": {"type": "integer", "minimum": 1, "maximum": %d,
                                       "description": "at most this many rows (default %d)"}},
                         "required": ["db", "sql"], "additionalProperties": false}
                        """.formatted(AgentTools.RUN_MAX_ROWS, AgentTools.RUN_DEFAULT_ROWS),
                        SqlRun.Ran.class,
                        (asker, args) ->
                                tools.runSql(text(args, "db"), asker, text(args, "sql"), integer(args, "max_rows"))),
                tool(
                        unidentified,
                        "ask",
                        "Ask the running SchemaRAG pipeline: returns the validated SQL with confidence, tables"
                                + " used and retrieval metadata and, where the database executes answers, its rows"
                                + " (columns, at most the first "
                                + AgentTools.ASK_MAX_ROWS
                                + " rows, rowCount, truncated when rows were left out); or why it failed"
                                + " (errorClass no_pipeline when no pipeline runs).",
                        """
                        {"type": "object", "properties": {
                          "db": {"type": "string", "description": "database id from list_databases; absent: the database the question points to clearly (else errorClass ambiguous_database)"},
                          "question": {"type": "string", "description": "the question in natural language"},
                          "sql_only": {"type": "boolean",
                                       "description": "true for the validated SQL alone, never executed"}},
                         "required": ["question"], "additionalProperties": false}
                        """,
                        OutcomeView.class,
                        (asker, args) -> tools.ask(
                                text(args, "db"),
                                text(args, "question"),
                                Boolean.TRUE.equals(args.get("sql_only")),
                                asker)));
    }

    /** @param view the record, or sealed interface of records, whose JSON the result is; null when it is none */
    private static SyncToolSpecification tool(
            Caller unidentified,
            String name,
            String description,
            String inputSchema,
            Class<?> view,
            BiFunction<Asker, Map<String, Object>, AgentTools.Answer> call) {
        McpSchema.Tool.Builder builder =
                McpSchema.Tool.builder(name, json(), inputSchema).description(description);
        if (view != null) builder.outputSchema(ViewSchemas.jsonSchema(view));
        McpSchema.Tool tool = builder.build();
        return SyncToolSpecification.builder()
                .tool(tool)
                .callHandler((exchange, request) -> result(call.apply(
                        caller(exchange, unidentified).asker(null),
                        request.arguments() == null ? Map.of() : request.arguments())))
                .build();
    }

    private static CallToolResult result(AgentTools.Answer answer) {
        String text;
        try {
            text = json().writeValueAsString(answer.content());
        } catch (IOException e) {
            throw new IllegalStateException("a tool answer is plain JSON", e);
        }
        return CallToolResult.builder()
                .structuredContent(answer.content())
                .addTextContent(text)
                .isError(answer.error())
                .build();
    }

    /** Who calls: the HTTP request's token said ({@link Caller#ATTRIBUTE}), else {@code unidentified}. */
    static Caller caller(McpSyncServerExchange exchange, Caller unidentified) {
        if (exchange.transportContext().get(Caller.ATTRIBUTE) instanceof Caller identified) return identified;
        if (unidentified == null) throw new IllegalStateException("an MCP request reached a tool unidentified");
        return unidentified;
    }

    /**
     * A principal reads no table docs: they name every table and column, whatever its role may read. Its context
     * comes from get_schema_context instead.
     */
    private static void requireOperator(McpSyncServerExchange exchange, Caller unidentified) {
        if (caller(exchange, unidentified) instanceof Caller.Principal)
            throw McpError.builder(McpSchema.ErrorCodes.INVALID_REQUEST)
                    .message("table docs are served to the operator only; get_schema_context gives a principal's"
                            + " context")
                    .build();
    }

    private static SyncResourceSpecification docsIndex(String databaseId, StoredTableDocs docs, Caller unidentified) {
        String uri = DOCS + databaseId;
        McpSchema.Resource resource = McpSchema.Resource.builder(uri, databaseId + " table docs")
                .description("The documented tables of database " + databaseId + ", one resource each")
                .mimeType(MARKDOWN)
                .build();
        return new SyncResourceSpecification(resource, (exchange, request) -> {
            requireOperator(exchange, unidentified);
            try {
                String list = docs.documented(databaseId).stream()
                        .map(t -> "- " + DOCS + databaseId + "/" + t)
                        .collect(Collectors.joining("\n"));
                return read(uri, "# Table docs of " + databaseId + "\n\n" + list + "\n");
            } catch (SQLException e) {
                throw storeUnavailable();
            }
        });
    }

    private static SyncResourceTemplateSpecification tableDoc(
            StoredTableDocs docs, DatabaseRegistry databases, Caller unidentified) {
        McpSchema.ResourceTemplate template = McpSchema.ResourceTemplate.builder(DOCS + "{db}/{table}", "table doc")
                .description("The doc of one table (schema.table) as ingested: purpose, columns, relationships,"
                        + " common queries")
                .mimeType(MARKDOWN)
                .build();
        return new SyncResourceTemplateSpecification(template, (exchange, request) -> {
            requireOperator(exchange, unidentified);
            String uri = request.uri();
            String rest = uri.startsWith(DOCS) ? uri.substring(DOCS.length()) : "";
            int slash = rest.indexOf('/');
            if (slash <= 0 || databases.find(rest.substring(0, slash)).isEmpty()) throw notFound(uri);
            String databaseId = rest.substring(0, slash);
            TableName table = TableName.parse(rest.substring(slash + 1), "public");
            try {
                return read(uri, docs.markdown(databaseId, table).orElseThrow(() -> notFound(uri)));
            } catch (SQLException e) {
                throw storeUnavailable();
            }
        });
    }

    private static ReadResourceResult read(String uri, String markdown) {
        return ReadResourceResult.builder(List.of(TextResourceContents.builder(uri, markdown)
                        .mimeType(MARKDOWN)
                        .build()))
                .build();
    }

    private static McpError notFound(String uri) {
        return McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND)
                .message("no table doc at " + (uri.length() > 200 ? uri.substring(0, 200) + "…" : uri))
                .build();
    }

    private static McpError storeUnavailable() {
        return McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR)
                .message("the RAG store is unreachable")
                .build();
    }

    private static String text(Map<String, Object> args, String name) {
        return args.get(name) instanceof String s ? s : null;
    }

    private static Integer integer(Map<String, Object> args, String name) {
        return args.get(name) instanceof Number n ? n.intValue() : null;
    }
}
