package dev.schemarag.core.http;

import java.util.Locale;
import java.util.Optional;

/**
 * A web origin, {@code scheme://host[:port]}, as a browser sends it in {@code Origin} and as
 * {@code HTTP_ALLOWED_ORIGINS} lists it; nothing may follow the port, not even a slash.
 *
 * @param port the port, the scheme's default when the text names none
 */
record WebOrigin(String scheme, String host, int port) {

    static Optional<WebOrigin> parse(String text) {
        String t = text.strip();
        int separator = t.indexOf("://");
        if (separator < 0) return Optional.empty();
        String scheme = t.substring(0, separator).toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) return Optional.empty();
        return Authority.parse(t.substring(separator + 3))
                .map(a -> new WebOrigin(
                        scheme, a.host(), a.port() == Authority.NO_PORT ? Authority.defaultPort(scheme) : a.port()));
    }

    /**
     * Whether a page of this origin came from the server the request names in {@code Host}: same host and port. Either
     * scheme: a proxy in front may end TLS, and the page's scheme is then https while this server speaks http.
     */
    boolean servedBy(Authority host) {
        int hostPort = host.port() == Authority.NO_PORT ? Authority.defaultPort(scheme) : host.port();
        return this.host.equals(host.host()) && port == hostPort;
    }
}
