package dev.schemarag.app.mcp;

import dev.schemarag.core.admin.AdminAccess;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.function.Function;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The MCP server over Streamable HTTP at {@code /mcp}, in an embedded Jetty: the SDK's servlet transport behind a
 * bearer-token filter with the admin endpoints' rule ({@link AdminAccess}): loopback without a token is open to the
 * host, any other address refuses to start without one, and with one every request must carry it. Requests from a web
 * page (an Origin header) are refused.
 */
public final class McpHttpServer implements AutoCloseable {
    public static final String ENDPOINT = "/mcp";
    /** A JSON-RPC message larger than this is refused before it is parsed. */
    private static final int MAX_REQUEST_BYTES = 1024 * 1024;

    private final Server jetty;
    private final McpSyncServer mcp;

    private McpHttpServer(Server jetty, McpSyncServer mcp) {
        this.jetty = jetty;
        this.mcp = mcp;
    }

    /**
     * Starts on {@code host:port} (0: any free port).
     *
     * @param serverFor builds the MCP server on the transport (tools and resources)
     * @throws IllegalStateException when the address needs a token and none is set (the message says which)
     */
    public static McpHttpServer start(
            String host,
            int port,
            String token,
            Function<McpServer.StreamableSyncSpecification, McpSyncServer> serverFor)
            throws Exception {
        AdminAccess access = AdminAccess.forBinding(host, token);
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(SchemaRagMcpServer.json())
                .mcpEndpoint(ENDPOINT)
                .maxRequestSize(MAX_REQUEST_BYTES)
                // No web origin is allowed: agents send no Origin, while a page in a browser always does (DNS
                // rebinding, cross-site requests to the loopback listener), and is refused with 403.
                .httpHeaderValidator(
                        DefaultServerTransportSecurityValidator.builder().build())
                .build();
        McpSyncServer mcp = serverFor.apply(McpServer.sync(transport));
        Server jetty = new Server();
        ServerConnector connector = new ServerConnector(jetty);
        connector.setHost(host);
        connector.setPort(port);
        jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.addFilter(new FilterHolder(new BearerToken(access)), "/*", EnumSet.of(DispatcherType.REQUEST));
        context.addServlet(new ServletHolder(transport), ENDPOINT);
        jetty.setHandler(context);
        try {
            jetty.start();
        } catch (Exception e) {
            mcp.close();
            jetty.stop();
            throw e;
        }
        return new McpHttpServer(jetty, mcp);
    }

    public int port() {
        return ((ServerConnector) jetty.getConnectors()[0]).getLocalPort();
    }

    /** Stops the sessions, then the server; a failure to stop is logged by Jetty and not rethrown. */
    @Override
    public void close() {
        mcp.closeGracefully();
        try {
            jetty.stop();
        } catch (Exception e) {
            throw new IllegalStateException("cannot stop the MCP HTTP server", e);
        }
    }

    /** 401 for a request without the token; says nothing else. */
    private record BearerToken(AdminAccess access) implements Filter {
        @Override
        public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
                throws IOException, ServletException {
            if (access.admits(((HttpServletRequest) request).getHeader("Authorization"))) {
                chain.doFilter(request, response);
                return;
            }
            HttpServletResponse http = (HttpServletResponse) response;
            http.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
            http.setHeader("WWW-Authenticate", "Bearer");
            http.setContentType("application/json");
            http.getOutputStream().write("{\"error\":\"unauthorized\"}".getBytes(StandardCharsets.UTF_8));
        }
    }
}
