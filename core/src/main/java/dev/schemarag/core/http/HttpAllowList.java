package dev.schemarag.core.http;

import dev.schemarag.core.config.Settings;
import java.util.Arrays;
import java.util.List;

/**
 * What the operator allows beyond a server's own names and origin ({@link BrowserRequestPolicy}): more host names
 * ({@link HttpSettings#ALLOWED_HOSTS}) and foreign web origins ({@link HttpSettings#ALLOWED_ORIGINS}).
 */
public record HttpAllowList(List<String> hosts, List<String> origins) {
    /** Only the server's own names and pages: the default. */
    public static final HttpAllowList NONE = new HttpAllowList(List.of(), List.of());

    public HttpAllowList {
        hosts = List.copyOf(hosts);
        origins = List.copyOf(origins);
    }

    public static HttpAllowList from(Settings settings) {
        return new HttpAllowList(
                entries(settings.get(HttpSettings.ALLOWED_HOSTS)), entries(settings.get(HttpSettings.ALLOWED_ORIGINS)));
    }

    /** The entries of a comma-separated list, stripped; empty ones are skipped, so {@code "web,"} is one entry. */
    static List<String> entries(String commaSeparated) {
        return Arrays.stream(commaSeparated.split(","))
                .map(String::strip)
                .filter(e -> !e.isEmpty())
                .toList();
    }
}
