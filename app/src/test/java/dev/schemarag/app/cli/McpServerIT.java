package dev.schemarag.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.schemarag.app.Release;
import dev.schemarag.app.mcp.McpHttpServer;
import dev.schemarag.app.mcp.SchemaRagMcpServer;
import dev.schemarag.app.mcp.StoredTableDocs;
import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.admin.PrincipalTokens;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.http.HttpAllowList;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.kafka.RetrievalService;
import dev.schemarag.stack.process.ServiceLaunch;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code schemarag mcp} driven by the MCP SDK's own client: over stdio with the command started as a process of its
 * own (as an agent starts it), and over Streamable HTTP with the bearer token, against a synced database of the test
 * stack whose question pipeline runs in this JVM.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class McpServerIT {
    private static final String TOKEN = "mcp-it-token-0123456789";
    /** A principal with a token of its own that the database maps to no role. */
    private static final String STRANGER = "stranger";

    private static final String STRANGER_TOKEN = "stranger-token-0123456789";
    private static final String QUESTION = "How many employees are in each department?";
    private static final Duration WAIT = Duration.ofSeconds(90);

    private static CliTestEnvironment environment;
    private static McpSyncClient stdio;
    private static final ConcurrentLinkedQueue<String> stdioErrors = new ConcurrentLinkedQueue<>();
    private static RetrievalService httpRetrieval;
    private static McpHttpServer http;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        // Two tables are below the default threshold for retrieval: the packet would always be the full schema.
        environment =
                CliTestEnvironment.start("mcp_it", dir, true, Map.of(RetrievalSettings.TABLE_THRESHOLD.key(), "1"));
        stdio = stdioClient();
        DatabaseRegistry databases = TargetDatabases.load(environment.services);
        httpRetrieval = environment.services.retrieval();
        http = McpHttpServer.start(
                "127.0.0.1",
                0,
                TOKEN,
                PrincipalTokens.load(Files.writeString(
                                dir.resolve("principal-tokens"), PrincipalTokens.line(STRANGER, STRANGER_TOKEN) + "\n")
                        .toString()),
                HttpAllowList.NONE,
                spec -> SchemaRagMcpServer.build(
                        spec,
                        Release.VERSION,
                        McpCommand.tools(environment.services, databases, httpRetrieval.retriever(), WAIT),
                        new StoredTableDocs(environment.services.store()),
                        databases,
                        null));
    }

    private static McpSyncClient stdioClient() {
        List<String> args = new ArrayList<>(ServiceLaunch.DEFAULT_JVM_OPTIONS);
        environment.properties().forEach((key, value) -> args.add("-D" + key + "=" + value));
        args.add("-cp");
        args.add(ServiceLaunch.absolute(
                System.getProperty("java.class.path"), Path.of("").toAbsolutePath()));
        args.add(SchemaRagCli.class.getName());
        args.add("mcp");
        StdioClientTransport transport = new StdioClientTransport(
                ServerParameters.builder(Path.of(System.getProperty("java.home"), "bin", "java")
                                .toString())
                        .args(args)
                        .build(),
                SchemaRagMcpServer.json());
        transport.setStdErrorHandler(stdioErrors::add);
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(WAIT)
                .initializationTimeout(WAIT)
                .build();
        client.initialize();
        return client;
    }

    @AfterAll
    static void stop() {
        if (stdio != null) stdio.closeGracefully();
        if (http != null) http.close();
        if (httpRetrieval != null) httpRetrieval.close();
        if (environment != null) environment.close();
    }

    @Test
    void theFiveToolsAreListedWithTheirInputSchemasAndTheTypedViewsOutputSchemas() {
        List<McpSchema.Tool> tools = stdio.listTools().tools();

        assertThat(tools)
                .extracting(McpSchema.Tool::name)
                .containsExactlyInAnyOrder("list_databases", "get_schema_context", "validate_sql", "run_sql", "ask");
        McpSchema.Tool context = tools.stream()
                .filter(t -> t.name().equals("get_schema_context"))
                .findFirst()
                .orElseThrow();
        assertThat(context.inputSchema()).containsEntry("required", List.of("question"));
        assertThat(map(context.inputSchema().get("properties"))).containsKeys("db", "question", "max_tables");
        // The server checks each successful result of these against its schema: a mismatch would be a tool error.
        assertThat(tools)
                .filteredOn(t -> t.outputSchema() != null)
                .extracting(McpSchema.Tool::name)
                .containsExactlyInAnyOrder("get_schema_context", "run_sql", "ask");
        assertThat(map(context.outputSchema().get("properties"))).containsKeys("tables", "packet");
    }

    @Test
    void listDatabasesNamesTheRegisteredDatabase() {
        Map<String, Object> result = structured(call(stdio, "list_databases", Map.of()), false);

        assertThat(result.get("databases"))
                .isEqualTo(List.of(
                        Map.of("id", "mcp_it", "schemas", List.of("public"), "validation", true, "execution", false)));
    }

    @Test
    void theSchemaContextCarriesEachTablesReasonAndScore() {
        Map<String, Object> result =
                structured(call(stdio, "get_schema_context", Map.of("db", "mcp_it", "question", QUESTION)), false);

        assertThat(result).containsEntry("databaseId", "mcp_it").containsEntry("strategy", "rag");
        List<Map<String, Object>> tables = list(result.get("tables"));
        assertThat(tables).extracting(t -> t.get("table")).contains("public.employees");
        Map<String, Object> employees = tables.stream()
                .filter(t -> t.get("table").equals("public.employees"))
                .findFirst()
                .orElseThrow();
        assertThat(employees.get("reason")).isEqualTo("retrieved");
        assertThat(((Number) employees.get("score")).doubleValue()).isPositive();
        assertThat(tables).allSatisfy(t -> assertThat(t.get("reason")).isIn("retrieved", "fk_expansion", "bridge"));
        assertThat((String) result.get("packet")).contains("employees");
    }

    @Test
    void maxTablesCapsThePacket() {
        Map<String, Object> result = structured(
                call(stdio, "get_schema_context", Map.of("db", "mcp_it", "question", QUESTION, "max_tables", 1)),
                false);

        assertThat(list(result.get("tables"))).hasSize(1);
    }

    @Test
    void validateSqlPlansAStatementAndBlocksTwoWithoutRunningThem() {
        Map<String, Object> valid = structured(
                call(stdio, "validate_sql", Map.of("db", "mcp_it", "sql", "SELECT count(*) FROM public.employees")),
                false);
        Map<String, Object> twoStatements = structured(
                call(stdio, "validate_sql", Map.of("db", "mcp_it", "sql", "SELECT 1; DROP TABLE employees")), false);

        assertThat(valid).containsEntry("valid", true).containsEntry("errorClass", null);
        assertThat(twoStatements)
                .containsEntry("valid", false)
                .containsEntry("errorClass", "validation_block")
                .containsEntry("message", "blocked by the read-only guard: multiple statements are not allowed");
    }

    @Test
    void hostileInputIsAToolErrorThatSaysWhy() {
        Map<String, Object> unknown =
                structured(call(stdio, "get_schema_context", Map.of("db", "nowhere", "question", QUESTION)), true);
        Map<String, Object> oversized =
                structured(call(stdio, "ask", Map.of("db", "mcp_it", "question", "why ".repeat(2_000))), true);
        Map<String, Object> emptySql =
                structured(call(stdio, "validate_sql", Map.of("db", "mcp_it", "sql", " ")), true);

        assertThat(unknown).containsEntry("errorClass", "unknown_database");
        assertThat((String) unknown.get("message")).contains("nowhere").contains("list_databases");
        assertThat(oversized).containsEntry("errorClass", "invalid_request");
        assertThat((String) oversized.get("message")).contains("longer than 4096 bytes");
        assertThat(emptySql).containsEntry("errorClass", "invalid_request");
    }

    @Test
    void runSqlRunsNothingOnADatabaseNotRegisteredToExecute() {
        Map<String, Object> refused = structured(
                call(stdio, "run_sql", Map.of("db", "mcp_it", "sql", "SELECT count(*) FROM public.employees")), true);

        assertThat(refused).containsEntry("errorClass", "invalid_request");
        assertThat((String) refused.get("message")).contains("not registered to execute");
    }

    @Test
    void anArgumentOfTheWrongTypeIsRefusedByTheInputSchema() {
        CallToolResult result =
                call(stdio, "get_schema_context", Map.of("db", "mcp_it", "question", QUESTION, "max_tables", "all"));

        assertThat(result.isError()).isTrue();
    }

    @Test
    void askAnswersThroughTheRunningPipeline() {
        Map<String, Object> result =
                structured(call(stdio, "ask", Map.of("db", "mcp_it", "question", QUESTION)), false);

        assertThat(result).containsEntry("status", "answered");
        assertThat((String) result.get("sql")).isEqualTo(CliTestEnvironment.DOCUMENTED_SQL);
    }

    @Test
    void theTableDocsAreResources() {
        assertThat(stdio.listResources().resources())
                .extracting(McpSchema.Resource::uri)
                .containsExactly("schemarag://docs/mcp_it");
        assertThat(text(stdio.readResource(resource("schemarag://docs/mcp_it"))))
                .contains("schemarag://docs/mcp_it/public.employees");
        assertThat(text(stdio.readResource(resource("schemarag://docs/mcp_it/public.employees"))))
                .contains("Staff members of the company")
                .contains("Number of employees per department");
        assertThatThrownBy(() -> stdio.readResource(resource("schemarag://docs/mcp_it/public.nothing")))
                .isInstanceOf(McpError.class)
                .hasMessageContaining("no table doc");
    }

    @Test
    void theStdioServerLogsOnlyToStandardError() {
        // Every exchange above parsed as JSON-RPC, so standard output carried nothing else; what it said went here.
        assertThat(String.join("\n", stdioErrors)).contains("mcp serving on stdio");
    }

    @Test
    void streamableHttpServesTheSameToolsToAClientWithTheToken() {
        try (McpSyncClient client = httpClient("Bearer " + TOKEN)) {
            client.initialize();
            Map<String, Object> result =
                    structured(call(client, "get_schema_context", Map.of("db", "mcp_it", "question", QUESTION)), false);

            assertThat(list(result.get("tables")))
                    .extracting(t -> t.get("table"))
                    .contains("public.employees");
        }
    }

    @Test
    void aPrincipalsTokenRetrievesAndValidatesAsThatPrincipalAndReadsNoTableDocs() {
        String sql = "SELECT count(*) FROM public.employees";
        try (McpSyncClient operator = httpClient("Bearer " + TOKEN);
                McpSyncClient stranger = httpClient("Bearer " + STRANGER_TOKEN)) {
            operator.initialize();
            stranger.initialize();

            assertThat(structured(call(operator, "validate_sql", Map.of("db", "mcp_it", "sql", sql)), false))
                    .containsEntry("valid", true);
            assertThat(structured(call(stranger, "validate_sql", Map.of("db", "mcp_it", "sql", sql)), false))
                    .containsEntry("valid", false)
                    .containsEntry("errorClass", "access_denied");
            assertThat(structured(
                            call(stranger, "get_schema_context", Map.of("db", "mcp_it", "question", QUESTION)), true))
                    .containsEntry("errorClass", "access_denied");
            assertThatThrownBy(() -> stranger.readResource(resource("schemarag://docs/mcp_it")))
                    .isInstanceOf(McpError.class)
                    .hasMessageContaining("operator only");
        }
    }

    @Test
    void streamableHttpRefusesAClientWithoutTheRightToken() throws Exception {
        try (McpSyncClient none = httpClient(null);
                McpSyncClient wrong = httpClient("Bearer not-the-token-at-all")) {
            assertThatThrownBy(none::initialize)
                    .hasRootCauseInstanceOf(McpHttpClientTransportAuthorizationException.class);
            assertThatThrownBy(wrong::initialize)
                    .hasRootCauseInstanceOf(McpHttpClientTransportAuthorizationException.class);
        }
        HttpResponse<String> raw = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http.port() + McpHttpServer.ENDPOINT))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(raw.statusCode()).isEqualTo(401);
        assertThat(raw.headers().firstValue("WWW-Authenticate")).contains("Bearer");
        assertThat(raw.body()).isEqualTo("{\"error\":\"unauthorized\"}");
    }

    @Test
    void streamableHttpRefusesARequestFromAWebPageEvenWithTheToken() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http.port() + McpHttpServer.ENDPOINT))
                                .header("Authorization", "Bearer " + TOKEN)
                                .header("Origin", "http://attacker.example")
                                .header("Content-Type", "application/json")
                                .header("Accept", "application/json, text/event-stream")
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(403);
    }

    @Test
    void streamableHttpRefusesAHostNamingAnotherServerAndAMessageThatIsNotJsonEvenWithTheToken() throws Exception {
        String initialize = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
                + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"mcp-it\",\"version\":\"1\"}}}";

        HttpResponse<String> rebound = rawPost("application/json", initialize, "attacker.example:" + http.port());
        HttpResponse<String> textPlain = rawPost("text/plain", initialize, null);
        HttpResponse<String> byName =
                rawPost("application/json; charset=utf-8", initialize, "localhost:" + http.port());

        assertThat(rebound.statusCode()).isEqualTo(421);
        assertThat(rebound.body()).contains("\"code\":\"misdirected_request\"");
        assertThat(textPlain.statusCode()).isEqualTo(415);
        assertThat(byName.statusCode()).as(byName.body()).isEqualTo(200);
        assertThat(byName.body()).contains("\"serverInfo\"");
    }

    /** A JSON-RPC message with the token, {@code contentType} and, unless null, {@code host} as the Host header. */
    private static HttpResponse<String> rawPost(String contentType, String body, String host) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + http.port() + McpHttpServer.ENDPOINT))
                .header("Authorization", "Bearer " + TOKEN)
                .header("Content-Type", contentType)
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (host != null) request.header("Host", host);
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void streamableHttpRefusesToStartOnTheNetworkWithoutAToken() {
        assertThatThrownBy(
                        () -> McpHttpServer.start("0.0.0.0", 0, "", PrincipalTokens.NONE, HttpAllowList.NONE, spec -> {
                            throw new AssertionError("must refuse before building the server");
                        }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(AdminSettings.ADMIN_TOKEN.environmentVariable());
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void askSaysSoWhenNoPipelineRuns() {
        environment.stopPipeline();
        Map<String, Object> result = structured(call(stdio, "ask", Map.of("db", "mcp_it", "question", QUESTION)), true);

        assertThat(result).containsEntry("status", "failed").containsEntry("errorClass", "no_pipeline");
    }

    private static McpSyncClient httpClient(String authorization) {
        HttpRequest.Builder request = HttpRequest.newBuilder();
        if (authorization != null) request.header("Authorization", authorization);
        return McpClient.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + http.port())
                        .endpoint(McpHttpServer.ENDPOINT)
                        .requestBuilder(request)
                        .build())
                .requestTimeout(WAIT)
                .initializationTimeout(Duration.ofSeconds(20))
                .build();
    }

    private static CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return client.callTool(
                McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
    }

    private static Map<String, Object> structured(CallToolResult result, boolean error) {
        assertThat(result.isError()).as(String.valueOf(result.content())).isEqualTo(error);
        return map(result.structuredContent());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Object value) {
        return (List<Map<String, Object>>) value;
    }

    private static McpSchema.ReadResourceRequest resource(String uri) {
        return McpSchema.ReadResourceRequest.builder(uri).build();
    }

    private static String text(McpSchema.ReadResourceResult result) {
        return ((McpSchema.TextResourceContents) result.contents().get(0)).text();
    }
}
