package dev.schemarag.app.mcp;

import dev.schemarag.core.admin.AdminHttp;
import dev.schemarag.core.admin.Caller;
import dev.schemarag.core.admin.CallerAccess;
import dev.schemarag.core.admin.PrincipalTokens;
import dev.schemarag.core.http.BrowserRequestPolicy;
import dev.schemarag.core.http.BrowserRequestPolicy.Preflight;
import dev.schemarag.core.http.BrowserRequestPolicy.Refuse;
import dev.schemarag.core.http.BrowserRequestPolicy.Request;
import dev.schemarag.core.http.BrowserRequestPolicy.Serve;
import dev.schemarag.core.http.BrowserRequestPolicy.Verdict;
import dev.schemarag.core.http.HttpAllowList;
import dev.schemarag.core.http.ServerAddresses;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.ServerHttpHeaderValidator;
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
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The MCP server over Streamable HTTP at {@code /mcp}, in an embedded Jetty: the SDK's servlet transport behind a
 * bearer-token filter with the admin endpoints' rule ({@link CallerAccess}): loopback without a token is open to the
 * host, any other address refuses to start without one, and with one every request must carry it; a principal's own
 * token makes the tools ask and run as that principal. In front of it, the
 * rule of every HTTP server of the product ({@link BrowserRequestPolicy}): a Host naming this server, no web origin
 * but an allowed one (agents send none; a page in a browser always does), JSON on POST.
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
            PrincipalTokens principals,
            HttpAllowList allowList,
            Function<McpServer.StreamableSyncSpecification, McpSyncServer> serverFor)
            throws Exception {
        CallerAccess access = CallerAccess.forBinding(host, token, principals);
        BrowserRequestPolicy browsers = BrowserRequestPolicy.of(ServerAddresses.of(host), allowList);
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(SchemaRagMcpServer.json())
                .mcpEndpoint(ENDPOINT)
                .maxRequestSize(MAX_REQUEST_BYTES)
                // Origin and Host are judged by the BrowserRequests filter, as on every other server of the product;
                // the SDK's own check would refuse the origins HTTP_ALLOWED_ORIGINS allows.
                .httpHeaderValidator(ServerHttpHeaderValidator.NOOP)
                // The token filter identified the caller; the tools read it from the call's transport context.
                .contextExtractor(request ->
                        McpTransportContext.create(Map.of(Caller.ATTRIBUTE, request.getAttribute(Caller.ATTRIBUTE))))
                .build();
        McpSyncServer mcp = serverFor.apply(McpServer.sync(transport));
        Server jetty = new Server();
        ServerConnector connector = new ServerConnector(jetty);
        connector.setHost(host);
        connector.setPort(port);
        jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.addFilter(new FilterHolder(new BrowserRequests(browsers)), "/*", EnumSet.of(DispatcherType.REQUEST));
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

    /** {@link BrowserRequestPolicy}'s verdict before the token is checked: a refusal or a preflight ends here. */
    private record BrowserRequests(BrowserRequestPolicy policy) implements Filter {
        @Override
        public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
                throws IOException, ServletException {
            HttpServletRequest in = (HttpServletRequest) request;
            HttpServletResponse out = (HttpServletResponse) response;
            Verdict verdict = policy.judge(new Request(
                    in.getMethod(),
                    joined(in, "Host"),
                    joined(in, "Origin"),
                    joined(in, "Content-Type"),
                    in.getHeader("Access-Control-Request-Method"),
                    in.getContentLengthLong() > 0 || in.getHeader("Transfer-Encoding") != null));
            if (verdict instanceof Serve serve) {
                serve.headers().forEach(out::setHeader);
                chain.doFilter(request, response);
            } else if (verdict instanceof Preflight preflight) {
                preflight.headers().forEach(out::setHeader);
                out.setStatus(HttpServletResponse.SC_NO_CONTENT);
            } else if (verdict instanceof Refuse refuse) {
                out.setStatus(refuse.status());
                out.setContentType("application/json");
                out.getOutputStream()
                        .write(SchemaRagMcpServer.json()
                                .writeValueAsBytes(AdminHttp.error(refuse.code(), refuse.message())));
            }
        }

        /** The header's values joined by commas: a repeated Host, Origin or Content-Type then parses as none. */
        private static String joined(HttpServletRequest request, String name) {
            List<String> values = Collections.list(request.getHeaders(name));
            return values.isEmpty() ? null : String.join(", ", values);
        }
    }

    /** Identifies the caller by its token for the tools ({@link Caller#ATTRIBUTE}); 401 says nothing else. */
    private record BearerToken(CallerAccess access) implements Filter {
        @Override
        public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
                throws IOException, ServletException {
            Optional<Caller> caller = access.identify(((HttpServletRequest) request).getHeader("Authorization"));
            if (caller.isPresent()) {
                request.setAttribute(Caller.ATTRIBUTE, caller.get());
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
