package dev.schemarag.app.mcp;

import dev.schemarag.core.config.Setting;
import java.util.List;

/**
 * Settings of {@code schemarag mcp}: the HTTP transport's address and port (its operator token is the admin endpoints'
 * token, its principals' tokens are in the web console's principal tokens file), and the principal over stdio.
 */
public final class McpSettings {
    private McpSettings() {}

    public static final Setting<String> HOST = Setting.string(
            "mcp.http.host",
            "127.0.0.1",
            "Address the MCP server's Streamable HTTP transport (schemarag mcp --http) listens on; a non-loopback"
                    + " address requires schemarag.admin.token");
    public static final Setting<Integer> PORT = Setting.integer(
            "mcp.http.port", 8090, 0, 65535, "Port of the MCP server's Streamable HTTP transport; 0 = any free port");

    public static final Setting<String> PRINCIPAL = Setting.string(
            "mcp.principal",
            "",
            "Principal the stdio MCP server asks as (its questions and statements run as the role the registration"
                    + " maps it to); empty = none. Over HTTP the principal comes from the request's token");

    public static List<Setting<?>> declared() {
        return List.of(HOST, PORT, PRINCIPAL);
    }
}
