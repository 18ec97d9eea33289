package dev.schemarag.app;

import dev.schemarag.core.config.Setting;
import java.util.List;

/** Settings of {@code schemarag mcp --http}: its address and port; the token is the admin endpoints' token. */
final class McpSettings {
    private McpSettings() {}

    static final Setting<String> HOST = Setting.string(
            "mcp.http.host",
            "127.0.0.1",
            "Address the MCP server's Streamable HTTP transport (schemarag mcp --http) listens on; a non-loopback"
                    + " address requires schemarag.admin.token");
    static final Setting<Integer> PORT = Setting.integer(
            "mcp.http.port", 8090, 0, 65535, "Port of the MCP server's Streamable HTTP transport; 0 = any free port");

    static List<Setting<?>> declared() {
        return List.of(HOST, PORT);
    }
}
