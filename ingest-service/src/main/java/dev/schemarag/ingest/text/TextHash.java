package dev.schemarag.ingest.text;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Content hashes of embedding texts: an unchanged hash means the stored vector is still valid. */
public final class TextHash {
    private TextHash() {
    }

    /** Lower-case hex SHA-256 of the UTF-8 bytes of {@code text}. */
    public static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            // Every Java platform must provide SHA-256, so this cannot happen on a conforming JVM.
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
