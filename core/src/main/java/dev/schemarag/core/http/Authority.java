package dev.schemarag.core.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A host and an optional port, as a {@code Host} header or an origin carries them. The host is in one spelling per
 * address: a name lower-cased without its trailing dot, an IPv4 literal as written, an IPv6 literal in Java's full
 * form without brackets. Parsing never resolves a name.
 *
 * @param port the explicit port, or {@link #NO_PORT}
 */
record Authority(String host, int port) {
    static final int NO_PORT = -1;
    private static final Pattern NAME =
            Pattern.compile("[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*");
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern IPV6_TEXT = Pattern.compile("[0-9a-f:.]*:[0-9a-f:.]*");
    private static final Pattern PORT = Pattern.compile("\\d{1,5}");
    private static final int MAX_NAME = 253;
    private static final String IPV6_LOOPBACK = "0:0:0:0:0:0:0:1";

    /** {@code host[:port]}, an IPv6 literal in brackets: a {@code Host} header, or an origin after its scheme. */
    static Optional<Authority> parse(String text) {
        if (text == null) return Optional.empty();
        String hostPart;
        String rest;
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            if (close < 0) return Optional.empty();
            hostPart = text.substring(0, close + 1);
            rest = text.substring(close + 1);
        } else {
            int colon = text.indexOf(':');
            hostPart = colon < 0 ? text : text.substring(0, colon);
            rest = colon < 0 ? "" : text.substring(colon);
        }
        if (rest.isEmpty()) return host(hostPart).map(h -> new Authority(h, NO_PORT));
        if (!rest.startsWith(":") || !PORT.matcher(rest.substring(1)).matches()) return Optional.empty();
        int port = Integer.parseInt(rest.substring(1));
        if (port < 1 || port > 65535) return Optional.empty();
        return host(hostPart).map(h -> new Authority(h, port));
    }

    /**
     * A host name or an address literal in its one spelling; an IPv6 literal with or without brackets (and without its
     * zone, which no {@code Host} header names).
     */
    static Optional<String> host(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.startsWith("[") && t.endsWith("]")) return ipv6(t.substring(1, t.length() - 1));
        if (t.contains(":")) return ipv6(t);
        if (t.endsWith(".")) t = t.substring(0, t.length() - 1);
        if (t.length() > MAX_NAME || !NAME.matcher(t).matches()) return Optional.empty();
        return Optional.of(t);
    }

    private static Optional<String> ipv6(String literal) {
        int zone = literal.indexOf('%');
        String address = zone < 0 ? literal : literal.substring(0, zone);
        if (!IPV6_TEXT.matcher(address).matches()) return Optional.empty();
        try {
            // In brackets, Java parses the literal and never looks it up; the pattern above keeps names out anyway.
            InetAddress parsed = InetAddress.getByName("[" + address + "]");
            return Optional.of(parsed.getHostAddress());
        } catch (UnknownHostException notALiteral) {
            return Optional.empty();
        }
    }

    /** 127.0.0.0/8 or ::1, as literals: a name is never loopback here, {@code localhost} included. */
    static boolean isLoopbackLiteral(String host) {
        if (host.equals(IPV6_LOOPBACK)) return true;
        Matcher m = IPV4.matcher(host);
        if (!m.matches() || !m.group(1).equals("127")) return false;
        for (int i = 2; i <= 4; i++) if (Integer.parseInt(m.group(i)) > 255) return false;
        return true;
    }

    /** Whether {@code host} (in its one spelling) is an unspecified address: what a server binds to listen on all. */
    static boolean isWildcard(String host) {
        return host.equals("0.0.0.0") || host.equals("0:0:0:0:0:0:0:0");
    }

    /** The port a client reaches with {@code scheme} when it names none. */
    static int defaultPort(String scheme) {
        return scheme.equals("https") ? 443 : 80;
    }
}
