package dev.schemarag.app.cli;

import dev.schemarag.app.Release;
import dev.schemarag.app.Services;
import dev.schemarag.app.mcp.AgentTools;
import dev.schemarag.app.mcp.McpHttpServer;
import dev.schemarag.app.mcp.McpSettings;
import dev.schemarag.app.mcp.SchemaRagMcpServer;
import dev.schemarag.app.mcp.StoredTableDocs;
import dev.schemarag.app.pipeline.QuestionAsker;
import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.admin.Caller;
import dev.schemarag.core.admin.PrincipalTokens;
import dev.schemarag.core.config.DatabaseRegistry;
import dev.schemarag.core.http.HttpAllowList;
import dev.schemarag.core.http.ServerAddresses;
import dev.schemarag.core.service.ServiceLifecycle;
import dev.schemarag.core.service.TargetDatabases;
import dev.schemarag.generation.service.StatementCheck;
import dev.schemarag.generation.service.StatementRun;
import dev.schemarag.retrieval.SchemaRetriever;
import dev.schemarag.retrieval.config.RetrievalSettings;
import dev.schemarag.retrieval.kafka.RetrievalService;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code schemarag mcp [--http]}: SchemaRAG for LLM agents, as a Model Context Protocol server over stdio (the
 * default: the agent starts this command) or Streamable HTTP ({@code mcp.http.host}:{@code mcp.http.port}/mcp).
 * Retrieval runs in this process; {@code ask} needs the running pipeline.
 */
@Command(
        name = "mcp",
        description = "Serve the MCP tools list_databases, get_schema_context, validate_sql and ask, and the table"
                + " docs as resources, over stdio (default) or Streamable HTTP (--http).")
final class McpCommand implements Callable<Integer> {
    @Option(
            names = "--http",
            description = "serve Streamable HTTP on mcp.http.host:mcp.http.port at /mcp instead of stdio")
    boolean http;

    @Option(
            names = "--ask-timeout",
            defaultValue = "120",
            description = "seconds the ask tool waits for the pipeline's answer")
    int askTimeoutSeconds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        // stdio carries JSON-RPC only, on the process's standard output: whatever else prints there (a library) goes
        // to standard error instead, as the logs and this command's own lines do.
        PrintStream protocolOut = System.out;
        if (!http) System.setOut(System.err);
        try (Services services = Services.fromEnvironment();
                RetrievalService retrieval = services.retrieval()) {
            DatabaseRegistry databases = TargetDatabases.load(services);
            AgentTools tools = tools(services, databases, retrieval.retriever(), Duration.ofSeconds(askTimeoutSeconds));
            StoredTableDocs docs = new StoredTableDocs(services.store());
            if (http) return serveHttp(services, tools, docs, databases);
            String principal = services.settings().get(McpSettings.PRINCIPAL);
            Caller stdioCaller = principal.isBlank() ? new Caller.Operator(true) : new Caller.Principal(principal);
            return serveStdio(protocolOut, tools, docs, databases, stdioCaller);
        }
    }

    /** @param stdioCaller the configured principal ({@code mcp.principal}), else the operator: stdio is local */
    private Integer serveStdio(
            PrintStream out, AgentTools tools, StoredTableDocs docs, DatabaseRegistry databases, Caller stdioCaller)
            throws InterruptedException {
        CountDownLatch clientGone = new CountDownLatch(1);
        StdioServerTransportProvider transport =
                new StdioServerTransportProvider(SchemaRagMcpServer.json(), untilEnd(System.in, clientGone), out);
        McpSyncServer server = SchemaRagMcpServer.build(
                McpServer.sync(transport), Release.VERSION, tools, docs, databases, stdioCaller);
        spec.commandLine().getErr().println("mcp serving on stdio");
        clientGone.await();
        server.closeGracefully();
        return 0;
    }

    private Integer serveHttp(Services services, AgentTools tools, StoredTableDocs docs, DatabaseRegistry databases)
            throws Exception {
        ServiceLifecycle lifecycle = new ServiceLifecycle();
        lifecycle.installShutdownHook();
        String host = services.settings().get(McpSettings.HOST);
        try (McpHttpServer server = McpHttpServer.start(
                host,
                services.settings().get(McpSettings.PORT),
                services.settings().get(AdminSettings.ADMIN_TOKEN),
                PrincipalTokens.load(services.settings().get(AdminSettings.PRINCIPAL_TOKENS_FILE)),
                HttpAllowList.from(services.settings()),
                transport -> SchemaRagMcpServer.build(transport, Release.VERSION, tools, docs, databases, null))) {
            spec.commandLine()
                    .getOut()
                    .println("mcp on " + ServerAddresses.localUrl(host, server.port()) + McpHttpServer.ENDPOINT);
            lifecycle.awaitStop();
        } finally {
            lifecycle.closed();
        }
        return lifecycle.exitCode();
    }

    /** The tools over this process's services: retrieval in process, validation as the reader role, ask by Kafka. */
    static AgentTools tools(
            Services services, DatabaseRegistry databases, SchemaRetriever retriever, Duration askTimeout) {
        return new AgentTools(
                databases,
                retriever,
                (db, asker, sql) -> StatementCheck.check(services, databases, db, asker, sql),
                (db, asker, sql, maxRows) -> StatementRun.run(
                        services,
                        databases,
                        db,
                        asker,
                        sql,
                        maxRows,
                        databases.find(db).orElseThrow().execute()),
                (db, question, sqlOnly, asker) -> new QuestionAsker(services)
                        .askIfRunning(db, question, sqlOnly, asker.principal().orElse(null), askTimeout),
                services.settings().get(RetrievalSettings.QUESTION_MAX_BYTES));
    }

    /** Standard input that counts {@code ended} down when the client closes it. */
    private static InputStream untilEnd(InputStream in, CountDownLatch ended) {
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                return ended(super.read());
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return ended(super.read(b, off, len));
            }

            private int ended(int read) {
                if (read < 0) ended.countDown();
                return read;
            }
        };
    }
}
