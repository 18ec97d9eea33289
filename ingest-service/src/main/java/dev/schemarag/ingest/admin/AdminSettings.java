package dev.schemarag.ingest.admin;

import dev.schemarag.core.config.Setting;
import java.util.List;

/** Settings of the ingest admin HTTP endpoint. */
public final class AdminSettings {
    private AdminSettings() {}

    public static final Setting<Integer> INGEST_ADMIN_PORT = Setting.integer(
            "ingest.admin.port", 8081, 1, 65535, "Port of the ingest admin HTTP endpoint (POST /internal/schema/sync)");
    public static final Setting<String> INGEST_ADMIN_HOST = Setting.string(
            "ingest.admin.host",
            "127.0.0.1",
            "Address the ingest admin endpoint listens on; a non-loopback address requires schemarag.admin.token");
    /** A secret: its value is never part of an error message. */
    public static final Setting<String> ADMIN_TOKEN = Setting.string(
            "schemarag.admin.token",
            "",
            "Bearer token every admin route but /health requires (at least 16 characters); empty = none, loopback only");

    public static List<Setting<?>> declared() {
        return List.of(INGEST_ADMIN_PORT, INGEST_ADMIN_HOST, ADMIN_TOKEN);
    }
}
