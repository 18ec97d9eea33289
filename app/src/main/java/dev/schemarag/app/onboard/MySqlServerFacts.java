package dev.schemarag.app.onboard;

import java.util.List;

/**
 * What {@code db add} reads from a MySQL or MariaDB server over its admin login before it changes anything.
 *
 * @param clientHost the admin connection's host as the server sees it: the host the logins db add creates may
 *     connect from
 */
public record MySqlServerFacts(
        String version,
        boolean logBin,
        String binlogFormat,
        String binlogRowImage,
        long serverId,
        List<String> missingDatabases,
        String clientHost,
        boolean readerExists,
        boolean cdcExists) {
    public MySqlServerFacts {
        missingDatabases = List.copyOf(missingDatabases);
    }

    /** MariaDB says so in its version string ({@code 10.11.6-MariaDB-0+deb12u1}); MySQL does not. */
    public boolean mariaDb() {
        return version.contains("MariaDB");
    }
}
