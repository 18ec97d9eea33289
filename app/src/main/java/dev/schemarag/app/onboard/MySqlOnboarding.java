package dev.schemarag.app.onboard;

import dev.schemarag.core.config.Credentials;
import dev.schemarag.core.store.Database;
import dev.schemarag.core.store.MySqlAccounts;
import dev.schemarag.core.store.TargetSessionLimits;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Adapter: what {@code db add} and {@code db remove} do on a MySQL or MariaDB server over its admin login — read the
 * {@link MySqlServerFacts}, create or update the reader and capture logins ({@link MySqlAccounts}), read a login's
 * grants as itself, and drop the logins again.
 */
public final class MySqlOnboarding {
    private final Database admin;

    public MySqlOnboarding(Database admin) {
        this.admin = admin;
    }

    public MySqlServerFacts facts(List<String> databases, OnboardingRoles roles) throws SQLException {
        try (Connection c = admin.open()) {
            List<String> missing = new ArrayList<>();
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?")) {
                for (String database : databases) {
                    ps.setString(1, database);
                    try (ResultSet rs = ps.executeQuery()) {
                        if (!rs.next()) missing.add(database);
                    }
                }
            }
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT version(), @@log_bin, @@binlog_format, @@binlog_row_image,"
                            + " @@server_id, SUBSTRING_INDEX(USER(), '@', -1)")) {
                rs.next();
                String host = rs.getString(6);
                return new MySqlServerFacts(
                        rs.getString(1),
                        rs.getInt(2) == 1,
                        rs.getString(3),
                        rs.getString(4),
                        rs.getLong(5),
                        missing,
                        host,
                        userExists(c, roles.reader(), host),
                        userExists(c, roles.cdc(), host));
            }
        }
    }

    /**
     * Creates or updates the reader (unless {@code readerPassword} is null: an existing reader db add did not
     * create is left as it is) and the capture login, both for {@code host}.
     */
    public void install(
            OnboardingRoles roles,
            String host,
            String readerPassword,
            String cdcPassword,
            List<String> databases,
            TargetSessionLimits limits,
            boolean mariaDb)
            throws SQLException {
        List<String> statements = new ArrayList<>();
        if (readerPassword != null)
            statements.addAll(MySqlAccounts.reader(roles.reader(), host, readerPassword, databases, limits, mariaDb));
        statements.addAll(MySqlAccounts.capture(roles.cdc(), host, cdcPassword));
        try (Connection c = admin.open();
                Statement s = c.createStatement()) {
            for (String statement : statements) s.execute(statement);
        }
    }

    /**
     * The grants of {@code login} as it reads them itself ({@code SHOW GRANTS FOR CURRENT_USER()}): which also proves
     * its password, and needs no privilege on the {@code mysql} schema.
     */
    public static List<String> grantsOf(String jdbcUrl, Credentials login) throws SQLException {
        List<String> grants = new ArrayList<>();
        try (Database as = new Database(jdbcUrl, login.user(), login.password());
                Connection c = as.open();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW GRANTS FOR CURRENT_USER()")) {
            while (rs.next()) grants.add(rs.getString(1));
        }
        return grants;
    }

    /** Drops every account (any host) of each of {@code users}, the logins db add created; returns those dropped. */
    public List<String> dropUsers(List<String> users) throws SQLException {
        List<String> dropped = new ArrayList<>();
        try (Connection c = admin.open();
                PreparedStatement accounts = c.prepareStatement("SELECT Host FROM mysql.user WHERE User = ?");
                Statement s = c.createStatement()) {
            for (String user : users) {
                List<String> hosts = new ArrayList<>();
                accounts.setString(1, user);
                try (ResultSet rs = accounts.executeQuery()) {
                    while (rs.next()) hosts.add(rs.getString(1));
                }
                for (String host : hosts) s.execute("DROP USER IF EXISTS " + MySqlAccounts.account(user, host));
                if (!hosts.isEmpty()) dropped.add(user);
            }
        }
        return dropped;
    }

    private static boolean userExists(Connection c, String user, String host) throws SQLException {
        // information_schema.USER_PRIVILEGES lists every account to an administrator, without SELECT on mysql.*.
        try (PreparedStatement ps =
                c.prepareStatement("SELECT 1 FROM information_schema.USER_PRIVILEGES WHERE GRANTEE = ?")) {
            ps.setString(1, MySqlAccounts.account(user, host));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
