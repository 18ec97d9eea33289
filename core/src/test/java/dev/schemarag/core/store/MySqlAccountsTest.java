package dev.schemarag.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class MySqlAccountsTest {
    private static final TargetSessionLimits TWO_AND_A_HALF_SECONDS = new TargetSessionLimits(
            Duration.ofMillis(2500),
            TargetSessionLimits.DEFAULT_LOCK_TIMEOUT,
            TargetSessionLimits.DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT,
            TargetSessionLimits.DEFAULT_WORK_MEM_KB,
            TargetSessionLimits.DEFAULT_TEMP_FILE_LIMIT_KB,
            TargetSessionLimits.DEFAULT_MAX_PARALLEL_WORKERS_PER_GATHER,
            TargetSessionLimits.DEFAULT_JOIN_COLLAPSE_LIMIT,
            TargetSessionLimits.DEFAULT_FROM_COLLAPSE_LIMIT,
            TargetSessionLimits.DEFAULT_GEQO_THRESHOLD);

    @Test
    void aMariaDbReaderIsBoundedInTimeAndConnectionsAndSelectsOnItsDatabases() {
        assertThat(MySqlAccounts.reader("r", "10.0.0.5", "pw", List.of("erp", "hr"), TWO_AND_A_HALF_SECONDS, true))
                .containsExactly(
                        "CREATE USER IF NOT EXISTS 'r'@'10.0.0.5' IDENTIFIED BY 'pw'"
                                + " WITH MAX_USER_CONNECTIONS 20 MAX_STATEMENT_TIME 2.5",
                        "ALTER USER 'r'@'10.0.0.5' IDENTIFIED BY 'pw' WITH MAX_USER_CONNECTIONS 20 MAX_STATEMENT_TIME 2.5",
                        "GRANT SELECT ON `erp`.* TO 'r'@'10.0.0.5'",
                        "GRANT SELECT ON `hr`.* TO 'r'@'10.0.0.5'");
    }

    @Test
    void aMySqlReaderHasNoUserStatementTimeAndAnExistingPasswordIsKept() {
        assertThat(MySqlAccounts.reader("r", "%", null, List.of("erp"), TWO_AND_A_HALF_SECONDS, false))
                .containsExactly(
                        "CREATE USER IF NOT EXISTS 'r'@'%' WITH MAX_USER_CONNECTIONS 20",
                        "ALTER USER 'r'@'%' WITH MAX_USER_CONNECTIONS 20", "GRANT SELECT ON `erp`.* TO 'r'@'%'");
    }

    @Test
    void hostileNamesAndPasswordsStayLiteralsAndIdentifiers() {
        List<String> statements = MySqlAccounts.reader(
                "r' OR '1",
                "h",
                "x'; DROP USER root; --\\",
                List.of("db`; DROP DATABASE x; --"),
                TargetSessionLimits.DEFAULT,
                true);
        assertThat(statements.get(0))
                .startsWith("CREATE USER IF NOT EXISTS 'r'' OR ''1'@'h' IDENTIFIED BY 'x''; DROP USER root; --\\\\'");
        assertThat(statements.get(2)).isEqualTo("GRANT SELECT ON `db``; DROP DATABASE x; --`.* TO 'r'' OR ''1'@'h'");
    }

    @Test
    void theCaptureLoginGetsTheFourGlobalPrivilegesItIsCheckedFor() {
        List<String> statements = MySqlAccounts.capture("c", "127.0.0.1", "pw");
        assertThat(statements)
                .containsExactly(
                        "CREATE USER IF NOT EXISTS 'c'@'127.0.0.1' IDENTIFIED BY 'pw'",
                        "ALTER USER 'c'@'127.0.0.1' IDENTIFIED BY 'pw'",
                        "GRANT SELECT, RELOAD, REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO 'c'@'127.0.0.1'");
        assertThat(MySqlGrants.missingForCapture(List.of(statements.get(2)))).isEmpty();
    }
}
