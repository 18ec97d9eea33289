package dev.schemarag.core.http;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.List;

/** The addresses a server bound to {@code host} is reached at, which it answers to in {@code Host} headers. */
public final class ServerAddresses {
    private ServerAddresses() {}

    /**
     * The bound address itself, or for a wildcard binding (0.0.0.0, ::) every address of this machine's interfaces as
     * they are now: a container's or a pod's own address, which probes and scrapers name. Read once, at start.
     */
    public static List<String> of(String host) {
        if (Authority.host(host).filter(Authority::isWildcard).isEmpty()) return List.of(host);
        try {
            return NetworkInterface.networkInterfaces()
                    .flatMap(NetworkInterface::inetAddresses)
                    .map(InetAddress::getHostAddress)
                    .toList();
        } catch (SocketException unreadable) {
            return List.of(); // loopback names and the allowed hosts still work
        }
    }

    /**
     * The base URL a process on this machine reaches a server bound to {@code host} at: a wildcard address on loopback,
     * since {@code Host: 0.0.0.0} names no server and is refused ({@link BrowserRequestPolicy}).
     */
    public static String localUrl(String host, int port) {
        String reachable = host.equals("0.0.0.0") || host.equals("::")
                ? "127.0.0.1"
                : host.contains(":") ? "[" + host + "]" : host;
        return "http://" + reachable + ":" + port;
    }
}
