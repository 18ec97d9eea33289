package dev.schemarag.web;

import dev.schemarag.core.admin.AdminSettings;
import dev.schemarag.core.config.Setting;
import java.util.List;

/** Where the web console listens; its token is the admin token ({@code SCHEMARAG_ADMIN_TOKEN}). */
public final class WebSettings {
    private WebSettings() {}

    public static final Setting<String> WEB_HOST = Setting.string(
            "web.host",
            "127.0.0.1",
            "Address the web console and its HTTP API listen on; a non-loopback address requires schemarag.admin.token on every route but /health and /ready");
    public static final Setting<Integer> WEB_PORT = AdminSettings.WEB_PORT;

    public static List<Setting<?>> declared() {
        return List.of(WEB_HOST, WEB_PORT, AdminSettings.PRINCIPAL_TOKENS_FILE);
    }
}
