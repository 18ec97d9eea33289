package dev.schemarag.core.http;

import dev.schemarag.core.config.Setting;
import java.util.List;

/** What every HTTP server of the product (web console, admin endpoints, MCP over HTTP) answers to beyond its own. */
public final class HttpSettings {
    private HttpSettings() {}

    public static final Setting<String> ALLOWED_HOSTS = new Setting<>(
            "http.allowed.hosts",
            String.class,
            "",
            "Further host names the web console, the admin endpoints and MCP over HTTP answer to (a compose service"
                    + " name, a proxy's public name); always: the bound address (bound to 0.0.0.0 or ::, this"
                    + " machine's addresses), localhost and loopback literals; any other Host header gets 421",
            v -> HttpAllowList.entries(v).stream()
                    .allMatch(e -> Authority.host(e).isPresent()),
            "comma-separated host names or IP addresses, without ports");
    public static final Setting<String> ALLOWED_ORIGINS = new Setting<>(
            "http.allowed.origins",
            String.class,
            "",
            "Foreign web origins whose pages may call the web console, the admin endpoints and MCP over HTTP, with"
                    + " CORS headers; empty = none, only the console's own page (other Origin headers get 403)",
            v -> HttpAllowList.entries(v).stream()
                    .allMatch(e -> WebOrigin.parse(e).isPresent()),
            "comma-separated origins scheme://host[:port] (http or https)");

    public static List<Setting<?>> declared() {
        return List.of(ALLOWED_HOSTS, ALLOWED_ORIGINS);
    }
}
