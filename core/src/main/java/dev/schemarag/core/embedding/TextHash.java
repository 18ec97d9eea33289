package dev.schemarag.core.embedding;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Content hashes of embedding texts. The hash stored beside a vector is its {@link #stamp}, which covers the model
 * too: an unchanged stamp proves the stored vector current to the writer, and tells a reader whether the vector is in
 * its own model's space.
 */
public final class TextHash {
    private TextHash() {}

    /** The hash stored beside the vector that {@code modelId} made of a text whose {@link #sha256} is {@code textHash}. */
    public static String stamp(String modelId, String textHash) {
        return sha256(modelId + "\n" + textHash);
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
