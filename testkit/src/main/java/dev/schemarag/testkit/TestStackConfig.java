package dev.schemarag.testkit;

import dev.schemarag.stack.StackConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Stack configurations for tests: free loopback ports, so parallel builds do not collide, and no fsync. */
public final class TestStackConfig {
    private TestStackConfig() {}

    /** A test stack in {@code dir} on five free ports, trading crash safety for speed. */
    public static StackConfig inDir(Path dir) {
        int[] ports = freePorts(5);
        return new StackConfig(dir, ports[0], ports[1], ports[2], ports[3], ports[4], false);
    }

    /** {@code count} distinct loopback ports free at the time of the call. */
    public static int[] freePorts(int count) {
        // Hold all sockets open together so the ports are distinct.
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
            }
            return sockets.stream().mapToInt(ServerSocket::getLocalPort).toArray();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        } finally {
            for (ServerSocket socket : sockets) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // The port was only probed.
                }
            }
        }
    }
}
