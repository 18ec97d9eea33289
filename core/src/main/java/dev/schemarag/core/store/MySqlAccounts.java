package dev.schemarag.core.store;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The statements that create (or bring up to date) SchemaRAG's logins on a MySQL or MariaDB server: the SELECT-only
 * reader answers are validated and run as, and the login change capture reads the binlog as. Every name and password
 * is quoted ({@link MySqlQuoting}); the statements are idempotent, so running them again repairs a login changed by
 * hand.
 */
public final class MySqlAccounts {
    /** Connections one reader may hold at once: the executors' pool and a person's client, not a whole server's. */
    public static final int READER_CONNECTION_LIMIT = 20;

    private MySqlAccounts() {}

    /** {@code 'user'@'host'}, each part a quoted literal. */
    public static String account(String user, String host) {
        return MySqlQuoting.literal(user) + "@" + MySqlQuoting.literal(host);
    }

    /**
     * The reader: SELECT on {@code databases} only, at most {@value #READER_CONNECTION_LIMIT} connections and, on
     * MariaDB, every statement bounded by the readers' statement timeout ({@code MAX_STATEMENT_TIME} on the user, which
     * also bounds a person's session). MySQL has no per-user statement time: its executors set
     * {@code max_execution_time} on each session they run a statement in.
     *
     * @param password null to keep an existing reader's password
     */
    public static List<String> reader(
            String user,
            String host,
            String password,
            List<String> databases,
            TargetSessionLimits limits,
            boolean mariaDb) {
        String account = account(user, host);
        String resources = " WITH MAX_USER_CONNECTIONS " + READER_CONNECTION_LIMIT
                + (mariaDb ? " MAX_STATEMENT_TIME " + limits.statementTimeout().toMillis() / 1000.0 : "");
        String identified = password == null ? "" : " IDENTIFIED BY " + MySqlQuoting.literal(password);
        List<String> statements = new ArrayList<>();
        statements.add("CREATE USER IF NOT EXISTS " + account + identified + resources);
        statements.add("ALTER USER " + account + identified + resources);
        for (String database : databases)
            statements.add("GRANT SELECT ON " + MySqlQuoting.identifier(database) + ".* TO " + account);
        return statements;
    }

    /** The capture login with the global privileges of {@link MySqlGrants.CapturePrivilege} and no others. */
    public static List<String> capture(String user, String host, String password) {
        String account = account(user, host);
        String identified = " IDENTIFIED BY " + MySqlQuoting.literal(password);
        String privileges = Stream.of(MySqlGrants.CapturePrivilege.values())
                .map(MySqlGrants.CapturePrivilege::sql)
                .collect(Collectors.joining(", "));
        return List.of(
                "CREATE USER IF NOT EXISTS " + account + identified,
                "ALTER USER " + account + identified,
                "GRANT " + privileges + " ON *.* TO " + account);
    }
}
