package dev.schemarag.app.onboard;

import dev.schemarag.app.onboard.OnboardingChecks.Problem;
import dev.schemarag.core.store.MySqlAccounts;
import dev.schemarag.core.store.MySqlGrants;
import dev.schemarag.core.store.MySqlGrants.CapturePrivilege;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Decides from a MySQL or MariaDB server's {@link MySqlServerFacts}, and from the grants of the logins db add uses,
 * what stops onboarding, each with how to fix it. {@code doctor} checks the binlog the same way.
 */
public final class MySqlOnboardingChecks {
    /** MySQL 8 cuts user names at 32 characters, MariaDB at 80; a longer name is refused, not cut. */
    static final int MYSQL_MAX_USER = 32;

    static final int MARIADB_MAX_USER = 80;

    private MySqlOnboardingChecks() {}

    public static List<Problem> problems(MySqlServerFacts facts, OnboardingRoles roles) {
        List<Problem> problems = new ArrayList<>(binlog(facts));
        int maxUser = facts.mariaDb() ? MARIADB_MAX_USER : MYSQL_MAX_USER;
        for (String user : List.of(roles.reader(), roles.cdc()))
            if (user.getBytes(StandardCharsets.UTF_8).length > maxUser)
                problems.add(new Problem(
                        "user name " + user + " is longer than the server's " + maxUser + " characters",
                        "choose a shorter --id (or --reader-user)"));
        for (String database : facts.missingDatabases())
            problems.add(new Problem(
                    "database " + database + " does not exist on the server",
                    "give the databases to index with --schemas a,b (default: the one the URL names)"));
        return problems;
    }

    /** What change capture needs of the binlog: on, whole rows, and a server id replicas can tell apart. */
    public static List<Problem> binlog(MySqlServerFacts facts) {
        List<Problem> problems = new ArrayList<>();
        if (!facts.logBin())
            problems.add(new Problem(
                    "the binary log is off (log_bin), change capture reads it",
                    "start the server with log_bin (log_bin=binlog under [mysqld] in its option file; MySQL 8 has it"
                            + " on unless started with --skip-log-bin), then restart it"));
        if (!"ROW".equalsIgnoreCase(facts.binlogFormat()))
            problems.add(new Problem(
                    "binlog_format is " + facts.binlogFormat() + ", change capture needs ROW",
                    "run SET GLOBAL binlog_format = 'ROW'; and put binlog_format=ROW under [mysqld] in the option"
                            + " file so that a restart keeps it"));
        if (!"FULL".equalsIgnoreCase(facts.binlogRowImage()))
            problems.add(new Problem(
                    "binlog_row_image is " + facts.binlogRowImage() + ", change capture needs FULL",
                    "run SET GLOBAL binlog_row_image = 'FULL'; and put binlog_row_image=FULL under [mysqld] in the"
                            + " option file"));
        if (facts.serverId() == 0)
            problems.add(new Problem(
                    "server_id is 0: the server refuses replicas, change capture reads the binlog as one",
                    "run SET GLOBAL server_id = <a number no other server of its replication uses>; and put"
                            + " server_id=<it> under [mysqld] in the option file"));
        return problems;
    }

    /** The capture login's grants lacking a privilege Debezium needs; the fix is the GRANT that adds them. */
    public static List<Problem> capture(String user, String host, List<String> grants) {
        Set<CapturePrivilege> missing = MySqlGrants.missingForCapture(grants);
        if (missing.isEmpty()) return List.of();
        String privileges = missing.stream().map(CapturePrivilege::sql).collect(Collectors.joining(", "));
        return List.of(new Problem(
                "capture login " + user + " lacks " + privileges + " on *.*",
                "have an administrator run GRANT " + privileges + " ON *.* TO " + MySqlAccounts.account(user, host)
                        + ";"));
    }

    /** A reader's grants holding more than SELECT; the fix revokes the rest. */
    public static List<Problem> reader(String user, List<String> grants) {
        List<Problem> problems = new ArrayList<>();
        for (String grant : grants)
            if (!MySqlGrants.selectOnly(grant))
                problems.add(new Problem(
                        "reader " + user + " holds more than SELECT: " + withoutPassword(grant),
                        "REVOKE all but SELECT from it, or let db add create its own reader (no --reader-user)"));
        return problems;
    }

    /** A grant line as SHOW GRANTS prints it, without the password hash it may end with. */
    static String withoutPassword(String grant) {
        int identified = grant.toUpperCase(java.util.Locale.ROOT).indexOf(" IDENTIFIED BY");
        return identified < 0 ? grant : grant.substring(0, identified);
    }
}
