package dev.schemarag.core.http;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * Creates the JDK's HTTP servers with TCP_NODELAY. The JDK server writes a response's headers and body separately and,
 * by default, with Nagle's algorithm on: the body then waits for the client's delayed ACK, about 40 ms on Linux, for
 * every small response (measured on a loopback chat-completions call: p50 49 ms with it, 3.6 ms without). The JDK reads
 * its switch, {@code sun.net.httpserver.nodelay}, once, when the process creates its first server: it is set here
 * before each, unless the operator set it.
 */
public final class HttpServers {
    private static final String NO_DELAY = "sun.net.httpserver.nodelay";

    private HttpServers() {}

    public static HttpServer create(InetSocketAddress address, int backlog) throws IOException {
        if (System.getProperty(NO_DELAY) == null) System.setProperty(NO_DELAY, "true");
        return HttpServer.create(address, backlog);
    }
}
