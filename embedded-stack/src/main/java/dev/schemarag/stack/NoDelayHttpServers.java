package dev.schemarag.stack;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * The stack's HTTP servers with TCP_NODELAY, as core's {@code HttpServers} makes the product's (the stack does not
 * depend on core): without it each small response waits for the client's delayed ACK, about 40 ms. The JDK reads
 * {@code sun.net.httpserver.nodelay} once, when the process creates its first server.
 */
final class NoDelayHttpServers {
    private static final String NO_DELAY = "sun.net.httpserver.nodelay";

    private NoDelayHttpServers() {}

    static HttpServer create(InetSocketAddress address, int backlog) throws IOException {
        if (System.getProperty(NO_DELAY) == null) System.setProperty(NO_DELAY, "true");
        return HttpServer.create(address, backlog);
    }
}
