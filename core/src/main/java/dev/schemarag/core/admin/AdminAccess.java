package dev.schemarag.core.admin;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;
import java.util.Optional;

/**
 * Who may call an admin endpoint: anyone on the same host when it listens on loopback without a token,
 * otherwise only requests carrying {@code Authorization: Bearer <token>}. A non-loopback address without a token is
 * refused at start-up, so the endpoint is never open to the network by accident.
 */
public final class AdminAccess {
    static final int MIN_TOKEN_LENGTH = 16;
    private static final String BEARER = "bearer ";

    /** SHA-256 of the token, so the comparison takes the same time whatever the length of the presented value. */
    private final byte[] tokenDigest;

    private AdminAccess(byte[] tokenDigest) {
        this.tokenDigest = tokenDigest;
    }

    /**
     * The access rule for a server on {@code host} with {@code token} (blank: none).
     *
     * @throws IllegalStateException when the combination must not start; the message says why, never the token
     */
    public static AdminAccess forBinding(String host, String token) {
        boolean hasToken = token != null && !token.isBlank();
        if (hasToken && token.strip().length() < MIN_TOKEN_LENGTH)
            throw new IllegalStateException("the admin token (" + AdminSettings.ADMIN_TOKEN.environmentVariable()
                    + ") must be at least " + MIN_TOKEN_LENGTH + " characters long");
        if (!hasToken && !isLoopback(host))
            throw new IllegalStateException("refusing to serve an admin endpoint on " + host + " without a token: set "
                    + AdminSettings.ADMIN_TOKEN.environmentVariable() + " (at least " + MIN_TOKEN_LENGTH
                    + " characters), or bind "
                    + AdminSettings.ADMIN_HOST.environmentVariable()
                    + " to a loopback address such as 127.0.0.1");
        return new AdminAccess(hasToken ? digest(token.strip()) : null);
    }

    public boolean requiresToken() {
        return tokenDigest != null;
    }

    /** Whether a request with this {@code Authorization} header value (null when absent) may proceed. */
    public boolean admits(String authorization) {
        if (tokenDigest == null) return true;
        return bearer(authorization)
                .map(token -> MessageDigest.isEqual(tokenDigest, digest(token)))
                .orElse(false);
    }

    /** The token of an {@code Authorization: Bearer <token>} header value; empty for any other value or none. */
    static Optional<String> bearer(String authorization) {
        if (authorization == null
                || authorization.length() <= BEARER.length()
                || !authorization
                        .substring(0, BEARER.length())
                        .toLowerCase(Locale.ROOT)
                        .equals(BEARER)) return Optional.empty();
        return Optional.of(authorization.substring(BEARER.length()).strip());
    }

    /** A literal address is checked without a lookup; a name is resolved, and an unresolvable one is not loopback. */
    static boolean isLoopback(String host) {
        if (host == null || host.isBlank())
            return false; // Java reads "" as localhost; the operator meant something else
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static byte[] digest(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
