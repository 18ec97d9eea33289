package dev.schemarag.core.admin;

import dev.schemarag.core.config.Setting;
import java.util.List;

/** Settings of the services' admin HTTP endpoints ({@link AdminServer}): one address and token, a port each. */
public final class AdminSettings {
    private AdminSettings() {}

    /** Formerly {@code ingest.admin.host}; its environment variable is still honoured. */
    public static final Setting<String> ADMIN_HOST = Setting.string(
                    "admin.host",
                    "127.0.0.1",
                    "Address every service's admin endpoint listens on; a non-loopback address requires schemarag.admin.token")
            .withAlias("INGEST_ADMIN_HOST");
    /** A secret: its value is never part of an error message. */
    public static final Setting<String> ADMIN_TOKEN = Setting.string(
            "schemarag.admin.token",
            "",
            "Bearer token every admin route but /health and /ready requires (at least 16 characters); empty = none, loopback only");

    /** Read by the web console and MCP over HTTP: see {@link PrincipalTokens}. */
    public static final Setting<String> PRINCIPAL_TOKENS_FILE = Setting.string(
            "schemarag.principal.tokens.file",
            "",
            "File of '<principal> sha256:<digest>' lines (schemarag token add): the web console's API and MCP over HTTP"
                    + " take the asker's principal from its token; empty = none. With it every request needs a token");

    public static final Setting<Integer> INGEST_ADMIN_PORT = Setting.integer(
            "ingest.admin.port",
            8081,
            0,
            65535,
            "Port of the ingest admin endpoint (/health, /ready, POST /internal/schema/sync); 0 = any free port");
    public static final Setting<Integer> RETRIEVAL_ADMIN_PORT = Setting.integer(
            "retrieval.admin.port",
            8082,
            0,
            65535,
            "Port of the retrieval admin endpoint (/health, /ready); 0 = any free port");
    public static final Setting<Integer> GENERATION_ADMIN_PORT = Setting.integer(
            "generation.admin.port",
            8083,
            0,
            65535,
            "Port of the generation admin endpoint (/health, /ready); 0 = any free port");
    public static final Setting<Integer> EXECUTION_ADMIN_PORT = Setting.integer(
            "execution.admin.port",
            8084,
            0,
            65535,
            "Port of the execution admin endpoint (/health, /ready); 0 = any free port");
    /**
     * The web console serves its API, {@code /health} and {@code /ready} on one port. Declared here so that
     * {@link dev.schemarag.core.service.Service} can name it; it is one of the web console's own settings.
     */
    public static final Setting<Integer> WEB_PORT = Setting.integer(
            "web.port", 8080, 0, 65535, "Port of the web console and its HTTP API (/, /api/...); 0 = any free port");

    public static List<Setting<?>> declared() {
        return List.of(
                ADMIN_HOST,
                ADMIN_TOKEN,
                INGEST_ADMIN_PORT,
                RETRIEVAL_ADMIN_PORT,
                GENERATION_ADMIN_PORT,
                EXECUTION_ADMIN_PORT);
    }
}
