package dev.schemarag.core.config;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server and database a MySQL or MariaDB JDBC URL names: {@code jdbc:mysql://host[:port][,…]/database[?…]} or
 * {@code jdbc:mariadb://…}, the first host of a fail-over list being the primary one. IPv6 hosts are bracketed.
 */
public record MySqlUrl(String host, int port, String database) {
    public static final int DEFAULT_PORT = 3306;

    private static final Pattern URL = Pattern.compile(
            "jdbc:(?:mysql|mariadb)://(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9._-]+)(?::(\\d{1,5}))?(?:,[^/]*)?/([^/?;#]+)(?:\\?.*)?");

    /** Empty when the URL is not of that form or names no database. */
    public static Optional<MySqlUrl> parse(String jdbcUrl) {
        if (jdbcUrl == null) return Optional.empty();
        Matcher m = URL.matcher(jdbcUrl);
        if (!m.matches()) return Optional.empty();
        int port = m.group(2) == null ? DEFAULT_PORT : Integer.parseInt(m.group(2));
        if (port < 1 || port > 65535) return Optional.empty();
        return Optional.of(new MySqlUrl(m.group(1), port, m.group(3)));
    }
}
