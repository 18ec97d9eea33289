package dev.schemarag.core.admin;

import dev.schemarag.core.config.ConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tokens that identify principals on the web console's API and MCP over HTTP, read from a file of lines {@code
 * <principal> sha256:<hex digest of the token>} ({@code #} starts a comment). Only digests are stored, so the file
 * reveals no token; {@code schemarag token add} appends a line and prints the new token once.
 */
public final class PrincipalTokens {
    public static final PrincipalTokens NONE = new PrincipalTokens(Map.of());

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern LINE = Pattern.compile("(\\S+)\\s+sha256:([0-9a-fA-F]{64})");

    /** Principal by the hex digest of its token. */
    private final Map<String, String> principalByDigest;

    private PrincipalTokens(Map<String, String> principalByDigest) {
        this.principalByDigest = Map.copyOf(principalByDigest);
    }

    /**
     * The tokens of {@code file}; none when {@code file} is blank.
     *
     * @throws ConfigException when the file cannot be read or a line is malformed (the message names the line number,
     *     never its content)
     */
    public static PrincipalTokens load(String file) {
        if (file == null || file.isBlank()) return NONE;
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException(AdminSettings.PRINCIPAL_TOKENS_FILE.key(), file, "a readable file");
        }
        return parse(file, lines);
    }

    static PrincipalTokens parse(String file, List<String> lines) {
        Map<String, String> byDigest = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            Matcher m = LINE.matcher(line);
            if (!m.matches())
                throw new ConfigException(
                        AdminSettings.PRINCIPAL_TOKENS_FILE.key(),
                        file,
                        "lines of '<principal> sha256:<64 hex digits>'; line " + (i + 1) + " is not");
            if (byDigest.put(m.group(2).toLowerCase(java.util.Locale.ROOT), m.group(1)) != null)
                throw new ConfigException(
                        AdminSettings.PRINCIPAL_TOKENS_FILE.key(),
                        file,
                        "one principal per token; line " + (i + 1) + " repeats a token");
        }
        return new PrincipalTokens(byDigest);
    }

    public boolean isEmpty() {
        return principalByDigest.isEmpty();
    }

    /** The principal whose token this is. A lookup by digest: its timing tells nothing about any token. */
    public Optional<String> principalOf(String token) {
        return Optional.ofNullable(principalByDigest.get(digest(token)));
    }

    /**
     * A new random token for {@code principal}: its line is appended to {@code file} (created readable by its owner
     * only), the token itself is returned and stored nowhere.
     */
    public static String issue(Path file, String principal) throws IOException {
        byte[] random = new byte[32];
        RANDOM.nextBytes(random);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        String line = line(principal, token) + "\n";
        if (Files.notExists(file)) {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        }
        Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        return token;
    }

    /** The line that maps {@code principal} to {@code token}. */
    public static String line(String principal, String token) {
        if (principal.isBlank() || principal.chars().anyMatch(Character::isWhitespace))
            throw new IllegalArgumentException("a principal is one word");
        return principal + " sha256:" + digest(token);
    }

    static String digest(String token) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
