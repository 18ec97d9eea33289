package dev.schemarag.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class HttpServersTest {
    @Test
    void aServerIsCreatedWithTheJdksNoDelaySwitchOnUnlessTheOperatorSetIt() throws Exception {
        String before = System.getProperty("sun.net.httpserver.nodelay");
        try {
            System.clearProperty("sun.net.httpserver.nodelay");
            HttpServer server = HttpServers.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.stop(0);
            assertThat(System.getProperty("sun.net.httpserver.nodelay")).isEqualTo("true");

            System.setProperty("sun.net.httpserver.nodelay", "false");
            HttpServers.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0)
                    .stop(0);
            assertThat(System.getProperty("sun.net.httpserver.nodelay")).isEqualTo("false");
        } finally {
            if (before == null) System.clearProperty("sun.net.httpserver.nodelay");
            else System.setProperty("sun.net.httpserver.nodelay", before);
        }
    }
}
